// Greedy Kingdoms bots. Tokens are worth about 1 each and Honor 1.5 (GKD 1); a Royal Palace needs 2 Honor,
// 1 Gold, 1 Food, 1 Land and 2 more of any type, so "short" below means short of what the next palace needs.

// Shared habits: which token to pay, take, steal and bet; which unblocked Heroes to use; small items.
helper bot "basics" {
  on first_tokens { "Gold"; }             // simulation: Gold wins more often than Food (README)
  // Pay with what is beyond the palace's needs first, Honor last.
  on pay_any { "Gold" if gold > 1; "Food" if food > 1; "Land" if land > 1; "Honor" if honor > 2;
               "Food"; "Gold"; "Land"; "Honor"; }
  on bet_token { "Gold" if gold > 1; "Food" if food > 1; "Land" if land > 1; "Honor" if honor > 2;
                 "Food"; "Gold"; "Land"; "Honor"; }
  on exchange_give { "Gold" if gold > 1; "Food" if food > 1; "Land" if land > 1; "Honor" if honor > 2; }
  // Take what the palace lacks, Honor first.
  on take_any { "Honor" if honor < 2; "Land" if land < 1; "Food" if food < 1; "Gold" if gold < 1;
                "Honor"; "Land"; "Gold"; "Food"; }
  on exchange_take { "Honor" if honor < 2; "Land" if land < 1; "Food" if food < 1; "Gold" if gold < 1;
                     "Honor"; "Land"; "Gold"; "Food"; }
  on steal { "Honor"; "Land"; "Gold"; "Food"; }
  // About 3 attacks in 4 have at most one Hero blocked: betting on the attacker pays on average.
  on bet { "On the attacker" if honor + gold + food + land > 2; "No bet"; }
  // Use every unblocked Hero that gains more than it costs; the Bandits only with Honor to spare.
  on use_hero {
    Thief; Burglar; Cook; "Court Cook"; Priest; Bishop; Hunter; "Royal Huntsman";
    "Master of Arms"; Explorer; Duke; "Guild Master"; Knight; Traveler; Baron; Merchant;
    "Bandit King" if honor > 2; Bandit if honor > 2;
    none;
  }
  on use_free { yes; }
  on replace_upgrade { none; }
  on promote_pick { "Master of Arms"; Duke; Explorer; Bishop; "Bandit King"; Burglar; "Guild Master";
                    "Royal Huntsman"; "Court Cook"; }
  on watchtower_reveal { random; }
  on use_port { yes if gold > 1 or food > 1 or land > 1; no; }
  on use_watch { yes if current == you and count(blocked) >= 2;
                yes if current != you and count(current.blocked) == 0; no; }
  on use_smoke_bomb { yes; }
  on smoke_bomb_target { "Master of Arms"; Duke; Explorer; Bishop; "Bandit King"; Burglar; random; }
  on use_sleeping_potion { yes; }
  on sleeping_potion_target { "Master of Arms"; Duke; Explorer; Bishop; "Bandit King"; Burglar; random; }
  on use_siege_workshop { yes if gold > 1; no; }
  on siege_workshop_target { "Master of Arms"; Duke; Explorer; Bishop; "Bandit King"; Burglar; random; }
  on use_crystal_ball { no; }
  on use_war_horn { yes; }
  on use_hourglass { yes; }
  on use_philosophers_stone { yes if honor < 2 and gold + food + land > 3; no; }
  on stone_exchange { yes if honor < 2 and gold + food + land > 3; no; }
  on use_golden_mirror { yes; }
  on build_now { Temple; Farm; "Gold Mine"; Outpost; Bazaar; random; }
  on rearrange_advanced { random; }
}

// Attacks for what the next palace lacks, with Heroes it can pay for; thieves when the defender is rich.
bot "needs" extends "basics" {
  on attack_heroes {
    "Master of Arms" if honor < 2 and food > 0; Bishop if honor < 2; Knight if honor < 2 and food > 0;
    Explorer if (honor < 2 or land < 1) and food > 0; Duke if (honor < 2 or land < 1) and gold > 0;
    Priest if honor < 2; Traveler if (honor < 2 or land < 1) and food > 0;
    "Royal Huntsman" if food < 1 or land < 1; Baron if land < 1 and gold > 0;
    "Bandit King" if gold < 1 and honor > 2; Bandit if gold < 1 and honor > 2;
    "Guild Master" if gold < 1 and honor + food + land > 0; Merchant if gold < 1 and honor + food + land > 0;
    "Court Cook" if food < 1; Hunter if food < 1; Cook if food < 1;
    // the defender: the left neighbour, or with 3-4 players the right one once palaces are built
    Burglar if count(others where player.defending == 1
                     and player.honor + player.gold + player.food + player.land > 1) > 0;
    Thief if count(others where player.defending == 1
                   and player.honor + player.gold + player.food + player.land > 0) > 0;
    "Master of Arms" if food > 0; Explorer if food > 0; Duke if gold > 0; Bishop; "Guild Master";
    random;
  }
  on defend_heroes { random; }
  on develop {
    "Obtain an Upgrade" if honor >= 2 and gold >= 1 and food >= 1 and land >= 1
      and honor + gold + food + land >= 7 and count(palaces) > 0;
    "Promote a Hero" if count(kingdom where card is Hero) < 2 and honor + gold + food + land >= 4;
    "Obtain an Upgrade" if count(kingdom where card is Building) < 3 and honor + gold + food + land >= 3;
    "Obtain an Upgrade" if honor + gold + food + land >= 6;
    "Pass";
  }
  on obtain {
    "Royal Palace";
    Temple; Bazaar; "Gold Mine" if gold < 2; Farm if food < 2; Outpost if land < 2;
    Monk if honor < 2; Pilgrim if honor < 2; Bard if honor < 2; Herald if honor < 2;
    Settler if land < 1; Mason if land < 1; Farmer if food < 1; Miner if gold < 1; Smuggler if honor > 3;
    Scholar; Peddler; Pickpocket; "Tax Collector"; Stables; "Guild Hall"; Granary; Vault;
    random;
  }
  // Cook and Library: send away an Upgrade nobody here wants, so the market moves.
  on replace_upgrade { University; Watchtower; "Drill Yard"; Citadel; Oracle; Courier; none; }
}

// Reads the opponent. Defending, it first blocks the icons of the Heroes the attacker has promoted (their
// face-up Starting Heroes show which), then the Heroes that bring what the attacker lacks, then at random.
// Attacking, it plays one Hero at random and two for what it needs, so it is hard to read in turn.
bot "reader" extends "needs" {
  on defend_heroes {
    Knight if count(Knight in current.kingdom) > 0; "Master of Arms" if count(Knight in current.kingdom) > 0;
    Traveler if count(Traveler in current.kingdom) > 0; Explorer if count(Traveler in current.kingdom) > 0;
    Bandit if count(Bandit in current.kingdom) > 0; "Bandit King" if count(Bandit in current.kingdom) > 0;
    Baron if count(Baron in current.kingdom) > 0; Duke if count(Baron in current.kingdom) > 0;
    Cook if count(Cook in current.kingdom) > 0; "Court Cook" if count(Cook in current.kingdom) > 0;
    Thief if count(Thief in current.kingdom) > 0; Burglar if count(Thief in current.kingdom) > 0;
    Priest if count(Priest in current.kingdom) > 0; Bishop if count(Priest in current.kingdom) > 0;
    Merchant if count(Merchant in current.kingdom) > 0; "Guild Master" if count(Merchant in current.kingdom) > 0;
    Hunter if count(Hunter in current.kingdom) > 0; "Royal Huntsman" if count(Hunter in current.kingdom) > 0;
    Knight if current.honor < 2 and current.food > 0; "Master of Arms" if current.honor < 2 and current.food > 0;
    Priest if current.honor < 2; Bishop if current.honor < 2;
    Bandit if current.gold < 1 and current.honor > 0; "Bandit King" if current.gold < 1 and current.honor > 0;
    Thief if honor + gold + food + land > 1; Burglar if honor + gold + food + land > 1;
    random;
  }
  on attack_heroes {
    random if count(picked) == 0;
    "Master of Arms" if honor < 2 and food > 0; Bishop if honor < 2; Knight if honor < 2 and food > 0;
    Explorer if (honor < 2 or land < 1) and food > 0; Duke if (honor < 2 or land < 1) and gold > 0;
    Priest if honor < 2; Traveler if (honor < 2 or land < 1) and food > 0;
    "Royal Huntsman" if food < 1 or land < 1; Baron if land < 1 and gold > 0;
    "Bandit King" if gold < 1 and honor > 2; Bandit if gold < 1 and honor > 2;
    "Guild Master" if gold < 1 and honor + food + land > 0; Merchant if gold < 1 and honor + food + land > 0;
    "Court Cook" if food < 1; Hunter if food < 1; Cook if food < 1;
    random;
  }
}

// Palace rusher: never promotes; takes a Royal Palace the moment it can, and otherwise spends every
// spare token on whatever brings the Resource its next palace lacks.
bot "palace-rusher" extends "needs" {
  on develop {
    "Obtain an Upgrade" if honor >= 2 and gold >= 1 and food >= 1 and land >= 1
      and honor + gold + food + land >= 7 and count(palaces) > 0;
    "Obtain an Upgrade" if honor + gold + food + land >= 2;
    "Pass";
  }
  on obtain {
    "Royal Palace";
    Monk if honor < 2; Pilgrim if honor < 2; Bard if honor < 2; Herald if honor < 2; Temple if honor < 2;
    Settler if land < 1; Mason if land < 1; Outpost if land < 1; Farmer if food < 1; Farm if food < 1;
    Miner if gold < 1; "Gold Mine" if gold < 1; Smuggler if gold < 1 and honor > 2; Peddler; Bazaar;
    random;
  }
}
