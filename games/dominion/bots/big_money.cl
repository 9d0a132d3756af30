// Shared habits of every Dominion bot: what to discard, trash and set aside when a card asks.
helper bot "basics" {
  on discard_down { Curse; Estate; Duchy; Province; Gardens; lowest card.cost; }
  on cellar_discard { Curse; Estate; Duchy; Province; Gardens; none; }
  on chapel_trash { Curse; Estate; Copper; none; }
  on bureaucrat_topdeck { lowest card.cost; }
  on reveal_reaction { Moat; }
  on library_set_aside { yes if actions == 0; no; }
  on spy_discard_own { yes if count(Curse in hand) > 99; no; }
  on spy_discard_other { no; }
  on thief_trash { highest card.cost; }
  on thief_gain { yes; }
  on chancellor_discard_deck { yes; }
  on mine_trash { lowest card.cost; }
  on mine_gain { highest card.cost; }
  on remodel_trash { Curse; Estate; Copper; lowest card.cost; }
  on remodel_gain { highest card.cost; }
  on workshop_gain { Silver; lowest card.cost; }
  on feast_gain { Duchy; highest card.cost; }
  on throne_room { highest card.cost; }
  on play_action { highest card.cost; }
}

// Big Money: play every Treasure; buy Province with 8+, Gold with 6+, Silver with 3+; never play an Action.
bot "big-money" extends "basics" {
  on play_action { none; }
  on buy {
    Province if coins >= 8;
    Gold if coins >= 6;
    Silver if coins >= 3;
    none;
  }
}

// Smithy Big Money: one Smithy the first time it has 4 or 5 coins and owns none; plays it whenever it can.
bot "smithy-bm" extends "big-money" {
  on play_action { Smithy; none; }
  on buy {
    Province if coins >= 8;
    Gold if coins >= 6;
    Smithy if coins >= 4 and coins <= 5 and count(Smithy in owned) == 0;
    Silver if coins >= 3;
    none;
  }
}

// Big Money Ultimate: Big Money with Duchy and Estate dancing as the Provinces run low.
bot "bm-ultimate" extends "big-money" {
  on buy {
    Province if coins >= 8 and count(Gold in owned) > 0;
    Duchy if coins >= 5 and count(Province in supply) <= 4;
    Estate if coins >= 2 and count(Province in supply) <= 2;
    Province if coins >= 8;
    Gold if coins >= 6;
    Duchy if coins >= 5 and count(Province in supply) <= 5;
    Silver if coins >= 3;
    none;
  }
}

// Double Smithy with late greening: two Smithies, Duchies when the game nears its end.
bot "smithy-bmu" extends "bm-ultimate" {
  on play_action { Smithy; none; }
  on buy {
    Province if coins >= 8;
    Duchy if coins >= 5 and count(Province in supply) <= 4;
    Estate if coins >= 2 and count(Province in supply) <= 2;
    Gold if coins >= 6;
    Smithy if coins >= 4 and count(Smithy in owned) < 1;
    Smithy if coins >= 4 and count(Smithy in owned) < 2 and count(owned) >= 16;
    Silver if coins >= 3;
    none;
  }
}

// Witch with money: two Witches, then Big Money Ultimate; plays Witch first, then anything else.
bot "witch-bm" extends "bm-ultimate" {
  on play_action { Witch; highest card.cost; }
  on buy {
    Province if coins >= 8;
    Witch if coins >= 5 and count(Witch in owned) < 2;
    Duchy if coins >= 5 and count(Province in supply) <= 4;
    Estate if coins >= 2 and count(Province in supply) <= 2;
    Gold if coins >= 6;
    Silver if coins >= 3;
    none;
  }
}
