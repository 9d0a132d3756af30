// Warring Kingdom bots, as data: for each decision (by its tag in game.cl and the cards), what to prefer.
// `economy` comes first: `cardlang play warring-kingdom` puts a person against it by default.

// Economy first: build coins (Silver, Gold, Merchants), then a strong army; attack once that army clearly
// outweighs what the neighbour shows, and keep the siege going while the army lasts.
bot "economy" extends "habits" {
  on act { Farmer; Merchant; "Money Lender"; Servant; Barracks; Blacksmith; Spy; Tavern; none; }
  on deploy {
    Farmer if count(board where card is Farmer) == 0;
    Merchant if count(board where card is Merchant) == 0;
    highest card.offence + card.defence + card.hp if count(board where card is Soldier) < 6;
    none;
  }
  on attack {
    "Attack left" if sum(board where card is Unit, card.offence) >= 20
      and sum(board where card is Unit, card.offence) >= sum(left.board where card is Unit, card.defence) + 8;
    "Attack right" if sum(board where card is Unit, card.offence) >= 20
      and sum(board where card is Unit, card.offence) >= sum(right.board where card is Unit, card.defence) + 8;
    "No attack";
  }
  on siege { yes if count(board where card is Soldier) >= 3; no; }
  on visit {
    "Soldiers" if coins >= 7 and count(owned where card is Gold) >= 1;
    "Civilians" if coins >= 2 and coins <= 5 and count(owned where card is Merchant) < 2;
    "None";
  }
  on buy {
    Gladiator; "Master Warrior"; Knight if count(owned where card is Gold) >= 2;
    Veteran if count(owned where card is Gold) >= 2;
    Gold;
    Archer if count(owned where card is Gold) >= 1;
    Merchant if count(owned where card is Merchant) < 2;
    Farmer if count(owned where card is Farmer) < 1;
    Silver;
    Warrior if count(owned where card is Silver) >= 3;
    none;
  }
}

// Rush: Warriors and Town Guards from the start, everything deployed, an attack as soon as two Soldiers
// stand on the board, and the siege continued while two income cards are in hand.
bot "rush" extends "habits" {
  on act { Merchant; Barracks; none; }
  on deploy { Warrior; Knight; Captain; Pikeman; Veteran; "Town Guard"; highest card.offence; none; }
  on attack {
    "Attack left" if count(board where card is Soldier) >= 2;
    "No attack";
  }
  on siege { yes if count(board where card is Soldier) >= 1; no; }
  on visit { "Soldiers" if coins >= 8; "None"; }
  on buy { Knight; Warrior; Silver if count(owned where card is Silver) < 2; "Town Guard"; none; }
}

// Shared habits: where to put units, what to equip, how to answer combat questions.
helper bot "habits" {
  on act { Merchant; none; }
  on servant { "Search"; }
  on sabotage { highest count(player.hand); }
  on brawl { highest count(player.board); }
  on betray { highest count(player.board); }
  on forge { highest card.cost; }
  on scrap { none; }
  on deploy { highest card.offence; none; }
  // Soldiers in the front row, middle first; archers and civilians behind.
  on deploy_soldier { lowest slot.row * 10 + (slot.column - 3) * (slot.column - 3); }
  on deploy_ranged { lowest (3 - slot.row) * 10 + (slot.column - 3) * (slot.column - 3); }
  on deploy_civilian { lowest (3 - slot.row) * 10 + (slot.column - 3) * (slot.column - 3); }
  on traitor_slot { lowest (3 - slot.row) * 10 - slot.column; }
  on convert_slot { lowest (3 - slot.row) * 10 + (slot.column - 3) * (slot.column - 3); }
  on heal_slot { lowest slot.row * 10 + (slot.column - 3) * (slot.column - 3); }
  on equip { highest card.cost; }
  on equip_to { highest card.offence + card.hp; }
  on rearrange { none; }
  // Planning: a defender throws every unit in hand into the battle; an attacker too.
  on reinforce { highest card.defence if defending > 0; highest card.offence; }
  on attack { "No attack"; }
  on siege { no; }
  on siege_pay { lowest card.worth; }
  on distract { highest number; }
  on regroup {
    lowest count(card_at(board, number, 1)) if count(dice where number < 6 and count(card_at(board, number, 1)) == 0) > 0;
    none;
  }
  on target { lowest card.hp; }
  on siege_aim { yes; }
  on axe_kill { yes; }
  on critical { highest card.cost; }
  on heal { yes; }
  on heal_pick { highest card.cost; }
  on release { none; }
  on release_more { lowest card.cost; }
  on visit { "None"; }
  on buy { Silver; none; }
}
