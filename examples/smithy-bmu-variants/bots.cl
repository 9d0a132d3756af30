// Variants of Dominion's smithy-bmu, to measure how much room the default kingdom (the rulebook's first game:
// Cellar, Market, Militia, Mine, Moat, Remodel, Smithy, Village, Woodcutter, Workshop) leaves above it:
//
//   cardlang simulate dominion --with examples/smithy-bmu-variants --players gold-first,smithy-bmu --games 4000 --seed 7
//
// Each plays any Action it holds (smithy-bmu plays only Smithy, the one Action it buys) and changes one habit.

bot "plays-all" extends "smithy-bmu" {
  on play_action { Village; Market; Militia; Smithy; highest card.cost; }
}

// The second terminal a Militia instead of a Smithy.
bot "militia-second" extends "plays-all" {
  on buy {
    Province if coins >= 8;
    Duchy if coins >= 5 and count(Province in supply) <= 4;
    Estate if coins >= 2 and count(Province in supply) <= 2;
    Gold if coins >= 6;
    Smithy if coins >= 4 and count(Smithy in owned) < 1;
    Militia if coins >= 4 and count(Militia in owned) < 1 and count(owned) >= 16;
    Silver if coins >= 3;
    none;
  }
}

// Duchies from five Provinces left (smithy-bmu: four).
bot "duchy-at-5" extends "plays-all" {
  on buy {
    Province if coins >= 8;
    Duchy if coins >= 5 and count(Province in supply) <= 5;
    Estate if coins >= 2 and count(Province in supply) <= 2;
    Gold if coins >= 6;
    Smithy if coins >= 4 and count(Smithy in owned) < 1;
    Smithy if coins >= 4 and count(Smithy in owned) < 2 and count(owned) >= 16;
    Silver if coins >= 3;
    none;
  }
}

// Duchies from three Provinces left.
bot "duchy-at-3" extends "plays-all" {
  on buy {
    Province if coins >= 8;
    Duchy if coins >= 5 and count(Province in supply) <= 3;
    Estate if coins >= 2 and count(Province in supply) <= 2;
    Gold if coins >= 6;
    Smithy if coins >= 4 and count(Smithy in owned) < 1;
    Smithy if coins >= 4 and count(Smithy in owned) < 2 and count(owned) >= 16;
    Silver if coins >= 3;
    none;
  }
}

// A first Gold before the first Province, and Gold over Province while seven or more Provinces remain.
bot "gold-first" extends "plays-all" {
  on buy {
    Province if coins >= 8 and count(Gold in owned) > 0;
    Gold if coins >= 6 and count(Province in supply) >= 7;
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

// The second Smithy earlier (13 cards owned; smithy-bmu: 16).
bot "smithy-early" extends "plays-all" {
  on buy {
    Province if coins >= 8;
    Duchy if coins >= 5 and count(Province in supply) <= 4;
    Estate if coins >= 2 and count(Province in supply) <= 2;
    Gold if coins >= 6;
    Smithy if coins >= 4 and count(Smithy in owned) < 1;
    Smithy if coins >= 4 and count(Smithy in owned) < 2 and count(owned) >= 13;
    Silver if coins >= 3;
    none;
  }
}

// Markets with exactly 5 coins once it has a Smithy.
bot "market-at-5" extends "plays-all" {
  on buy {
    Province if coins >= 8;
    Duchy if coins >= 5 and count(Province in supply) <= 4;
    Estate if coins >= 2 and count(Province in supply) <= 2;
    Gold if coins >= 6;
    Smithy if coins >= 4 and count(Smithy in owned) < 1;
    Market if coins == 5;
    Smithy if coins >= 4 and count(Smithy in owned) < 2 and count(owned) >= 16;
    Silver if coins >= 3;
    none;
  }
}

// Double Militia with money, no Smithy.
bot "double-militia" extends "plays-all" {
  on buy {
    Province if coins >= 8;
    Duchy if coins >= 5 and count(Province in supply) <= 4;
    Estate if coins >= 2 and count(Province in supply) <= 2;
    Gold if coins >= 6;
    Militia if coins >= 4 and count(Militia in owned) < 1;
    Militia if coins >= 4 and count(Militia in owned) < 2 and count(owned) >= 16;
    Silver if coins >= 3;
    none;
  }
}

// A Village-Smithy engine with Markets and one Militia.
bot "engine" extends "plays-all" {
  on play_action { Village; Market; Smithy; Militia; highest card.cost; }
  on buy {
    Province if coins >= 8 and count(Gold in owned) > 0;
    Duchy if coins >= 5 and count(Province in supply) <= 4;
    Estate if coins >= 2 and count(Province in supply) <= 2;
    Province if coins >= 8;
    Gold if coins >= 6;
    Market if coins >= 5;
    Militia if coins >= 4 and count(Militia in owned) < 1;
    Smithy if coins >= 4 and count(Smithy in owned) <= count(Village in owned) and count(Smithy in owned) < 3;
    Village if coins >= 3 and count(Village in owned) < count(Smithy in owned) + 1;
    Silver if coins >= 3;
    none;
  }
}
