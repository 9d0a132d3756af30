// Greedy Kingdoms (2018, Kisaragi & Faidutti): 2 players, and 3-4 players with "More Greediness!".
// Rules: shared/rulebooks/greedy-kingdoms.txt (R-GK). What the rulebook leaves open (card numbers, timing
// windows, edge cases) is reconstructed in docs/design/greedy-kingdoms-cards.md (GKD); rules below that
// come from GKD, not from R-GK, say so.
game "greedy-kingdoms" {
  title "Greedy Kingdoms";
  players 2 to 4;

  types Hero, Building, Citizen, MagicItem;
  tags Starting, Advanced, Palace, TwoPlayersOnly;

  // A defending Hero blocks the attacking Hero with the same icon (R-GK Resolve the Attack).
  // printed large in the upper right corner, as on the Hero cards ("the symbol in the upper right corner")
  property icon: text = "" "the symbol a Hero blocks with: a defending Hero blocks the attacking Hero with the same icon"
    : printed corner;
  // The "-" banner: tokens returned to the bank to use a Hero or to obtain an Upgrade (R-GK Card Costs).
  property cost_honor: number = 0 "the Honor returned to the bank to use a Hero or to obtain an Upgrade";
  property cost_gold: number = 0 "the Gold returned to the bank to use a Hero or to obtain an Upgrade";
  property cost_food: number = 0 "the Food returned to the bank to use a Hero or to obtain an Upgrade";
  property cost_land: number = 0 "the Land returned to the bank to use a Hero or to obtain an Upgrade";
  property cost_any: number = 0 "the Resources of the payer's choice returned to the bank to use a Hero or to obtain an Upgrade";
  property side: text = "" "an Upgrade's Attack or Defend icon: the role in which it works";             // an Upgrade's Attack/Defend icon: the role in which it works (GKD 2.7)

  // 12 tokens of each Resource in the box (R-GK Components): raising a counter takes from its bank, lowering
  // it puts tokens back, and nobody can take what the bank does not hold.
  counter honor: per player, bank 12, called "Honor";
  counter gold: per player, bank 12, called "Gold";
  counter food: per player, bank 12, called "Food";
  counter land: per player, bank 12, called "Land";

  // 1 for the player attacked this round ("the defender")
  counter defending: per player, max 1, flag "are the defender" "are not the defender";
  counter bet_side: per player, max 2, quiet;  // More Greediness: 1 on the attacker, 2 on the defender
  counter bet_kind: per player, max 4, quiet;  // the Resource bet: 1 Honor, 2 Gold, 3 Food, 4 Land
  // A bet's stake, held aside in front of its bettor until the bets settle: never the bank's to give away.
  counter stake_honor: per player, max 1, quiet, bank honor;
  counter stake_gold: per player, max 1, quiet, bank gold;
  counter stake_food: per player, max 1, quiet, bank food;
  counter stake_land: per player, max 1, quiet, bank land;
  // Flags and amounts of the round, set by the rules and the cards' abilities (quiet: not logged).
  counter attackers: shared, quiet;       // Heroes the attacker plays (3; War Horn: 4)
  counter defenders: shared, quiet;       // Heroes the defender plays (3; Barracks: 4)
  counter free_uses: shared, quiet;       // unblocked Heroes the attacker may use without paying
  counter promote_cut: shared, quiet;     // tokens off the price of a paid promotion (Drill Yard)
  counter extra_draws: shared, quiet;     // more Advanced Heroes drawn on a promotion (University)
  counter steal_guard: shared, quiet;     // tokens fewer that a steal takes (Vault)
  counter restart: shared, max 1, quiet;  // Mysterious Watch: the battle starts over
  counter item_used: shared, max 1, quiet;   // the player with priority used a reveal-window effect
  counter siege_used: shared, max 1, quiet;  // Siege Workshop: once per battle
  counter oracle: shared, max 1, quiet;      // Oracle: the defender chooses and reveals first
  counter watchtower: shared, max 1, quiet;  // Watchtower: the attacker chooses first and reveals one
  counter battle_done: shared, max 1, quiet; // the Battle step of this round is over

  zone hand: per player, owner, shows icon income;                // the nine Heroes (the icon decides blocks)
  zone facedown: per player, owner, called "face-down Heroes";    // only their owner sees them
  zone shown: per player, public, shows icon income, called "revealed Heroes";   // attacking: not blocked
  zone blocked: per player, public, called "blocked Heroes";
  zone used: per player, public, called "used Heroes";            // attacking Heroes used this battle
  zone kingdom: per player, public;       // Buildings, kept Magic Items, promoted Starting Heroes
  zone drawn: per player, owner, called "cards in view";          // a private look (University, Herald...)
  zone advanced: shared, hidden, called "Advanced Hero deck";
  zone set_aside: shared, public, called "set-aside Advanced Heroes";  // More Greediness: drawn again
  zone upgrades: shared, hidden, called "Upgrade deck";
  zone market: shared, public, table prices, called "Upgrade Market";          // five face-up Upgrades
  zone palaces: shared, public, called "Royal Palace pile";      // beside the market
  zone removed: shared, public, called "cards out of the game";  // Citizens and used Magic Items

  event turn_start "At the start of your turn as the attacker";
  event income "Income";                    // the "+" banner: tokens taken from the bank (R-GK Income)
  event instant "When you obtain this";
  event use "When this Hero attacks, is not blocked and you pay its cost";
  event develop_step "In each of your Development steps";
  event development_end "At the end of your Second Development";
  event promote_rules "When you promote";
  event citizen_obtained "Whenever you obtain a Citizen, after it resolves";
  event attack_setup "When you attack, before Heroes are chosen";
  event defend_setup "When you defend, before Heroes are chosen";
  event before_reveal "After the Heroes are played face down, before they are revealed";
  event reveal_window "After the reveal, once per turn of priority";
  event blocks_settled "After the reveal window closes";
  event hero_used "Right after the attacker uses a Hero";
  event steal_rules "When a steal effect targets you";
  event defend_start "At the start of each battle in which you defend";

  setup {
    // Each player takes a set of Starting Heroes; with 3-4 players two Advanced sets make one deck
    // (R-GK Set-Up 1, 3; More Greediness Setup).
    let sets = 1;
    let palace_count = 3;
    if count(players) > 2 {
      sets = 2;
      palace_count = 5;
    }
    for p in players {
      for h in cards where card is Starting { create 1 h to p.hand; }
    }
    for h in cards where card is Advanced { create sets h to advanced; }
    shuffle advanced;
    for u in cards where (card is Building or card is Citizen or card is MagicItem) and card is not Palace {
      // "Only 1 Upgrade deck is used, removing the University" (More Greediness Setup).
      if count(players) == 2 or u is not TwoPlayersOnly { create 1 u to upgrades; }
    }
    create palace_count "Royal Palace" to palaces;
    shuffle upgrades;
    refill market to 5 from upgrades;
    // "Randomly choose a player to be the first attacker" (R-GK Set-Up 2), from the game's one RNG; the
    // turns then go clockwise from them. Starting Resources by place from the first attacker (R-GK Set-Up 2;
    // More Greediness 3 and 4 Players).
    let first = choose 1 from players by chance as first_attacker prompt "The first attacker";
    first_turn first;
    note "attacks first" for first;
    if count(players) == 4 {
      first.gold += 1;
    } else {
      choose by first as first_tokens prompt "Take 1 Food or 1 Gold" {
        "Food" { first.food += 1; }
        "Gold" { first.gold += 1; }
      }
    }
    let second = first.left;
    second.food += 1;
    second.gold += 1;
    if count(players) >= 3 {
      let third = second.left;
      third.food += 1;
      third.land += 1;
    }
    if count(players) == 4 {
      let fourth = first.right;
      fourth.gold += 1;
      fourth.land += 1;
    }
  }

  turn {
    // R-GK A Game Round: 1. start of turn and income, 2. Development, 3. Battle, 4. Second Development,
    // 5. check for victory.
    phase income {
      start_round;
      restock;                            // "until there are five cards in the Upgrade Market"
      trigger turn_start kingdom;         // "start of turn" effects of the attacker's Buildings
    }
    phase develop { develop; }
    phase battle {
      for d in others {
        if d.defending == 1 { battle d; }
      }
    }
    phase develop_again {
      develop;
      trigger development_end kingdom;    // Hourglass
    }
    phase victory { end_round; }
  }

  score count("Royal Palace" in kingdom);

  // ---- the round ------------------------------------------------------------------------------------

  // The defender is the left neighbour; with 3-4 players, once all but one player own a Royal Palace,
  // the right neighbour (More Greediness: Game Flow and Turn Order).
  // Who defends this round goes without saying ("p1 battles p2" names them): bookkeeping.
  verb start_round() bookkeeping "start the round" {
    let built = 0;
    for p in players {
      if count("Royal Palace" in p.kingdom) > 0 { built += 1; }
    }
    let d = left;
    if count(players) > 2 and built >= count(players) - 1 { d = right; }
    for p in players { p.defending = 0; }
    d.defending = 1;
    oracle = 0;
    watchtower = 0;
    battle_done = 0;
    free_uses = 0;
  }

  // Upgrades turned face up until the market holds five again: "p1 refills the Upgrade Market: Port, Library".
  verb restock(n: int = 5) "refill the Upgrade Market to {n} cards from the Upgrade deck|refills the Upgrade Market" {
    refill market to n from upgrades;
  }

  verb end_round() "check for victory" {
    if count("Royal Palace" in kingdom) >= 2 { win you; }   // "the first to build their second palace"
  }

  // Development: obtain an Upgrade, promote a Hero for any 2 tokens, or pass (R-GK Development).
  verb develop() "take a Development step" {
    trigger develop_step kingdom;       // Philosopher's Stone
    promote_cut = 0;
    trigger promote_rules kingdom;      // Drill Yard
    let price = max(1, 2 - promote_cut);
    let offer = [market, top 1 of palaces]
      where card.cost_honor <= honor and card.cost_gold <= gold and card.cost_food <= food
        and card.cost_land <= land
        and card.cost_honor + card.cost_gold + card.cost_food + card.cost_land + card.cost_any
          <= honor + gold + food + land;
    choose as develop prompt "Obtain an Upgrade, promote a Hero, or pass" {
      "Obtain an Upgrade" if count(offer) > 0 { obtain offer; }
      "Promote a Hero" if honor + gold + food + land >= price and count(advanced) > 0 {
        repeat price { pay_any; }
        promote;
      }
      "Pass" { }
    }
  }

  // Pay the cost; a Citizen takes its income, acts and leaves the game; anything else is kept
  // (R-GK Obtain an Upgrade).
  verb obtain(offer: cards) quiet "obtain an Upgrade" {
    let u = choose 1 from offer as obtain prompt "Obtain which Upgrade?";
    take_upgrade u;
  }

  // The Upgrade obtained, named at the table: "p1 obtains Pilgrim (-1 Food)".
  verb take_upgrade(u: cards) "obtain {u}|obtains {u}" {
    pay u;
    if u is Citizen {
      move u to removed;
      trigger income u;
      trigger instant u;
      trigger citizen_obtained kingdom;   // Guild Hall
    } else {
      move u to kingdom;
    }
  }

  // Draw the top Advanced Hero; it replaces the Starting Hero of the same icon, which goes face up into
  // the kingdom (R-GK Promote a Hero). With 3-4 players a Hero you already have is set aside and you draw
  // again; the set-aside Heroes are shuffled back in (More Greediness Promote). An empty deck: nothing.
  verb promote() quiet "promote a Hero: the top Advanced Hero you do not hold replaces your Starting Hero with the same icon (with none, it goes under the deck)" {
    extra_draws = 0;
    trigger promote_rules kingdom;      // University
    let a = top 1 of advanced;
    while a and count(hand where card == a) > 0 {
      move a to set_aside;
      a = top 1 of advanced;
    }
    if a and extra_draws > 0 {
      move a to drawn;
      move top extra_draws of advanced to drawn;
      a = choose 1 from drawn as promote_pick prompt "Keep which Advanced Hero?";
      move drawn where card != a to advanced at bottom;
    }
    if count(set_aside) > 0 { shuffle set_aside into advanced; }
    if a {
      let old = hand where card is Starting and card.icon == a.icon;
      if old {
        replace_hero old a;
      } else {
        move a to advanced at bottom;
      }
    }
  }

  // The promoted Hero replaces the Starting Hero of its icon, which goes face up into the kingdom.
  verb replace_hero(old: cards, a: cards) "replace {old} with {a}|promotes {old} to {a}" {
    move old to kingdom;
    move a to hand;
  }

  // ---- the battle (R-GK Battle; windows in the order of GKD section 8) ----------------------------------

  verb battle(defender: player) "battle {defender}" steps "Battle" {
    let free_before = free_uses;              // Blacksmith's, obtained before the battle: kept on a restart
    restart = 1;
    while restart == 1 {
      // The beginning of the Battle step. Mysterious Watch brings the battle back here ("then restart the
      // Battle Step from the beginning", R-GK Upgrade Cards): the battle's own numbers go back to where they
      // stood before it, and the start-of-battle effects happen again (GKD 8, step 3).
      restart = 0;
      attackers = 3;
      defenders = 3;
      siege_used = 0;
      watchtower = 0;
      free_uses = free_before;
      trigger defend_start defender.kingdom for defender;   // Granary
      trigger attack_setup kingdom;           // War Horn (if still held), Stables
      trigger defend_setup defender.kingdom for defender;   // Barracks, Watchtower
      choose_heroes defender;
      trigger before_reveal kingdom;          // Crystal Ball: the attacker first, then the defender
      trigger before_reveal defender.kingdom for defender;
      reveal_heroes defender;
      mark_blocks defender;
      open_reveal_window defender;
      if restart == 1 {                       // Mysterious Watch: every Hero back to hand, ...
        heroes_back defender;
        if count(players) > 2 { return_bets; }   // ... and the bets, made in the restarted step, back too
      }
    }
    trigger blocks_settled defender.kingdom for defender;   // Citadel
    if count(players) > 2 { settle_bets defender; }
    use_heroes defender;
    heroes_back defender;
    battle_done = 1;
  }

  // "Both the attacker and the defender take all of their Hero Cards back in hand": nobody says so at a table.
  verb heroes_back(d: player) bookkeeping "both players take all of their Hero Cards back in hand" {
    move used to hand;
    move shown to hand;
    move blocked to hand;
    move d.shown to d.hand;
  }

  // Heroes played face down: the others see how many, not which.
  verb lay_down(c: cards) "place {c} face down|places {c} face down" {
    move c to facedown;
  }

  // Heroes turned face up (or played face up: Oracle, Watchtower).
  verb show_heroes(c: cards) "reveal {c}|reveals {c}" {
    move c to shown;
  }

  // A defending Hero blocks the attacking Hero of its icon: said by the defender.
  verb block_hero(h: cards, d: player) "{d} blocks {h}" {
    move h to blocked;
  }

  // "The attacker chooses exactly 3 of their 9 Hero Cards ... the defender also chooses exactly 3", face
  // down and at the same time. Oracle and Watchtower change the order (GKD 8.iii).
  verb choose_heroes(d: player) quiet "choose Heroes" {
    if oracle == 1 {
      let theirs = choose defenders from d.hand by d as defend_heroes
        prompt "Choose your defending Heroes (they are shown at once)";
      show_heroes theirs for d;
      let mine = choose attackers from hand as attack_heroes prompt "Choose your attacking Heroes";
      lay_down mine;
    } else if watchtower == 1 {
      let mine = choose attackers from hand as attack_heroes prompt "Choose your attacking Heroes";
      lay_down mine;
      let one = choose 1 from facedown as watchtower_reveal prompt "Watchtower: reveal one of your attacking Heroes";
      show_heroes one;
      let theirs = choose defenders from d.hand by d as defend_heroes prompt "Choose your defending Heroes";
      lay_down theirs for d;
    } else {
      simultaneous {
        let mine = choose attackers from hand as attack_heroes prompt "Choose your attacking Heroes (face down)";
        let theirs = choose defenders from d.hand by d as defend_heroes
          prompt "Choose your defending Heroes (face down)";
      }
      lay_down mine;
      lay_down theirs for d;
    }
  }

  // Both reveal. With 3-4 players the attacker reveals, the others bet, then the defender reveals
  // (More Greediness Battle 2-4).
  verb reveal_heroes(d: player) quiet "reveal the Heroes" {
    if count(facedown) > 0 { show_heroes facedown; }
    if count(players) > 2 { take_bets d; }
    if count(d.facedown) > 0 { show_heroes d.facedown for d; }
  }

  // "Each defending Hero blocks 1 attacking Hero if they both have the same Hero Type Icon"; Starting and
  // Advanced Heroes of one icon block each other. Each set has 9 distinct icons, so blocks are one to one.
  verb mark_blocks(d: player) quiet "block" {
    for h in shown {
      if count(d.shown where card.icon == h.icon) > 0 { block_hero h d; }
    }
  }

  // Priority alternates, the attacker first; each may use one reveal-window effect or pass; two passes in a
  // row close the window; Mysterious Watch closes it at once (GKD 8.vi).
  verb open_reveal_window(d: player) "open the reveal window" {
    let p = you;
    let passes = 0;
    while passes < 2 and restart == 0 {
      item_used = 0;
      trigger reveal_window p.kingdom for p;
      if item_used == 1 { passes = 0; } else { passes += 1; }
      if p == d { p = you; } else { p = d; }
    }
  }

  // "The attacker may now use any or all of the unblocked Heroes", one at a time, in any order: pay the full
  // cost, take the full income (and the Cook's or Thief's effect). Income of one may pay another's cost.
  verb use_heroes(d: player) quiet "use the unblocked Heroes" {
    while count(shown) > 0 {
      let h = choose up to 1 from shown
        where free_uses > 0
          or (card.cost_honor <= honor and card.cost_gold <= gold and card.cost_food <= food
            and card.cost_land <= land
            and card.cost_honor + card.cost_gold + card.cost_food + card.cost_land + card.cost_any
              <= honor + gold + food + land)
        as use_hero prompt "Use which unblocked Hero (paying its cost)? None to stop";
      if not h { break; }
      let free = 0;
      if free_uses > 0 and h.cost_honor + h.cost_gold + h.cost_food + h.cost_land + h.cost_any > 0 {
        if h.cost_honor <= honor and h.cost_gold <= gold and h.cost_food <= food and h.cost_land <= land
            and h.cost_honor + h.cost_gold + h.cost_food + h.cost_land + h.cost_any <= honor + gold + food + land {
          may "Use {h} without paying its cost?" as use_free { free = 1; }
        } else {
          free = 1;
        }
      }
      use_hero h free;
      trigger hero_used d.kingdom for d;      // Golden Mirror
    }
  }

  // One unblocked Hero used: its cost paid (or not: a free use), its income taken, its effect done.
  verb use_hero(h: cards, unpaid: int) "use {h}|uses {h}" {
    if unpaid == 1 { free_uses -= 1; } else { pay h; }
    trigger income h;
    trigger use h;
    move h to used;
  }

  // ---- More Greediness: bets by the players not in the battle (More Greediness Battle 3, 5) -------------

  verb take_bets(d: player) quiet "take the bets" {
    for p in others {
      if p != d and p.bet_side == 0 {
        choose by p as bet prompt "Bet 1 Resource on the attack?" {
          "On the attacker" if p.honor + p.gold + p.food + p.land > 0 {
            p.bet_side = 1;
            pay_bet "the attacker" for p;
          }
          "On the defender" if p.honor + p.gold + p.food + p.land > 0 {
            p.bet_side = 2;
            pay_bet "the defender" for p;
          }
          "No bet" { }
        }
      }
    }
  }

  // The stake goes from the bettor's Resources to their stake, held aside: the bank never holds it, so an
  // effect that takes from the bank before the bets settle (Citadel) cannot take it.
  verb pay_bet(on: text) "bet 1 Resource on {on}|bets 1 Resource on {on}" {
    choose as bet_token prompt "Bet which Resource?" {
      "Honor" if honor > 0 { honor -= 1; stake_honor += 1; bet_kind = 1; }
      "Gold" if gold > 0 { gold -= 1; stake_gold += 1; bet_kind = 2; }
      "Food" if food > 0 { food -= 1; stake_food += 1; bet_kind = 3; }
      "Land" if land > 0 { land -= 1; stake_land += 1; bet_kind = 4; }
    }
  }

  // A success is at most one attacking Hero blocked. "Players who bid on the defender get their bid Resource
  // back, and win another Resource of the same type from the bank. Resources bid on the attacker are lost to
  // the bank": in that order, in turn order. Every stake first goes back to its winner; then each winner
  // takes one more from the bank (as many as remain); then the losing stakes go to the bank.
  verb settle_bets(d: player) quiet "settle the bets" {
    let won = 1;
    if count(blocked) >= 2 { won = 2; }
    for p in others {
      if p.bet_side == won { unstake 1 for p; }
    }
    for p in others {
      if p.bet_side == won { take_kind 1 for p; }
    }
    for p in others {
      if p.bet_side != won { unstake 0 for p; }
      if p.bet_side != won and p.bet_side > 0 { note "loses the bet" for p; }
      p.bet_side = 0;
      p.bet_kind = 0;
    }
  }

  // The stake leaves its place aside: back to the bettor (keep 1) or lost to the bank (keep 0).
  // The stake's way back is not told: the bet's outcome is ("p3 wins the bet (+1 Gold)", "p3 loses the bet").
  verb unstake(keep: int) bookkeeping "take back the Resource you bet" {
    if stake_honor > 0 { stake_honor -= 1; honor += keep; }
    if stake_gold > 0 { stake_gold -= 1; gold += keep; }
    if stake_food > 0 { stake_food -= 1; food += keep; }
    if stake_land > 0 { stake_land -= 1; land += keep; }
  }

  // The battle restarts (Mysterious Watch): every stake goes back to its bettor, who may bet again after
  // the attacker's new reveal.
  verb return_bets() "give the bets back" {
    for p in others {
      unstake 1 for p;
      p.bet_side = 0;
      p.bet_kind = 0;
    }
  }

  verb take_kind(n: int) "take {n} of the Resource you bet|wins the bet" {
    if bet_kind == 1 { honor += n; }
    if bet_kind == 2 { gold += n; }
    if bet_kind == 3 { food += n; }
    if bet_kind == 4 { land += n; }
  }

  // ---- tokens -----------------------------------------------------------------------------------------

  verb pay(c: cards) "pay the cost of {c}" {
    honor -= c.cost_honor;
    gold -= c.cost_gold;
    food -= c.cost_food;
    land -= c.cost_land;
    repeat c.cost_any { pay_any; }
  }

  verb pay_any() "return one token of your choice to the bank" {
    choose as pay_any prompt "Pay which token?" {
      "Honor" if honor > 0 { honor -= 1; }
      "Gold" if gold > 0 { gold -= 1; }
      "Food" if food > 0 { food -= 1; }
      "Land" if land > 0 { land -= 1; }
    }
  }

  // Income is each card's `on income` ability; a bank that runs short gives what it has, and an income "of your
  // choice" may only name a type the bank still has (GKD 2, reconstructed rule 1).
  verb take_any() "take one Resource of your choice from the bank" {
    choose as take_any prompt "Take which token?" {
      "Honor" if bank(honor) > 0 { honor += 1; }
      "Gold" if bank(gold) > 0 { gold += 1; }
      "Food" if bank(food) > 0 { food += 1; }
      "Land" if bank(land) > 0 { land += 1; }
    }
  }

  // Return 1 token and take 1 of another type (Port, Philosopher's Stone).
  verb exchange() "exchange one of your tokens for one token of another type" {
    choose as exchange_give prompt "Return which token?" {
      "Honor" if honor > 0 { honor -= 1; take_other "Honor"; }
      "Gold" if gold > 0 { gold -= 1; take_other "Gold"; }
      "Food" if food > 0 { food -= 1; take_other "Food"; }
      "Land" if land > 0 { land -= 1; take_other "Land"; }
    }
  }

  verb take_other(given: text) "take one token of another type" {
    choose as exchange_take prompt "Take which token?" {
      "Honor" if given != "Honor" and bank(honor) > 0 { honor += 1; }
      "Gold" if given != "Gold" and bank(gold) > 0 { gold += 1; }
      "Food" if given != "Food" and bank(food) > 0 { food += 1; }
      "Land" if given != "Land" and bank(land) > 0 { land += 1; }
    }
  }

  // ---- words the cards use ----------------------------------------------------------------------------

  // Steal: the stealer names each token, one at a time, among the types the victim has; a victim with no
  // tokens loses nothing; the bank is untouched (GKD 2, reconstructed rule 2).
  verb steal_from_defender(n: int) "steal {n} Resource{s} of your choice from the defender" {
    for v in others {
      if v.defending == 1 {
        steal_guard = 0;
        trigger steal_rules v.kingdom for v;   // Vault
        repeat n - steal_guard { steal v; }
      }
    }
  }

  verb steal(victim: player) "steal 1 Resource of your choice from {victim}" {
    choose as steal prompt "Steal which token?" {
      "Honor" if victim.honor > 0 { victim.honor -= 1; honor += 1; }
      "Gold" if victim.gold > 0 { victim.gold -= 1; gold += 1; }
      "Food" if victim.food > 0 { victim.food -= 1; food += 1; }
      "Land" if victim.land > 0 { victim.land -= 1; land += 1; }
    }
  }

  // Cook, Court Cook, Library: an Upgrade from the market goes under the Upgrade deck and the top card of
  // that deck takes its place; the second replacement may pick the newly revealed card; nothing happens once
  // the deck is empty (GKD 2, reconstructed rules 3-4). Royal Palaces are not in the market.
  verb replace_upgrades(n: int) "you may replace up to {n} Upgrade{s} of the market with the top of the Upgrade deck" {
    repeat n {
      if count(upgrades) == 0 { break; }
      let c = choose up to 1 from market as replace_upgrade prompt "Put an Upgrade from the market under the deck?";
      if not c { break; }
      move c to upgrades at bottom;
      move top 1 of upgrades to market;
    }
  }

  verb tax(n: int) "each other player who has Gold gives you {n} Gold" {
    for v in others {
      steal_guard = 0;
      trigger steal_rules v.kingdom for v;     // Vault
      repeat n - steal_guard {
        if v.gold > 0 {
          v.gold -= 1;
          gold += 1;
        }
      }
    }
  }

  verb one_more_defender() "you play 4 defending Heroes instead of 3" { defenders += 1; }
  verb one_more_attacker() "you attack with 4 Heroes instead of 3" { attackers += 1; }
  verb one_free_use() "you may use one unblocked Hero in this turn's battle without paying its cost" {
    if battle_done == 0 { free_uses += 1; }   // a Citizen obtained after the battle comes too late
  }
  verb cheaper_promotion() "your paid promotion costs one token instead of two" { promote_cut += 1; }
  verb draw_two_advanced() "draw two Advanced Heroes instead of one, keep one and put the other under the deck" {
    extra_draws += 1;
  }
  verb guard_one() "the steal takes one token fewer" { steal_guard += 1; }
  verb defender_goes_first() "in this turn's battle the defender chooses and reveals first, then you choose" {
    if battle_done == 0 { oracle = 1; }
  }
  verb use_up() "discard this item" { move this to removed; }     // a used Magic Item leaves the game
  verb mirror_income() "take the income of the Hero the attacker just used (not its other effect)" {
    trigger income top 1 of current.used;
  }
  verb honor_if_blocked() "if 2 or more attacking Heroes are blocked, +1 Honor" {
    if count(current.blocked) >= 2 { honor += 1; }
  }
  verb rearrange_advanced(n: int) "look at the top {n} Advanced Heroes and put them back in any order" {
    move top n of advanced to drawn;
    while count(drawn) > 0 {
      let c = choose 1 from drawn as rearrange_advanced
        prompt "Put back on the Advanced deck (the last one ends on top)";
      move c to advanced;
    }
  }
  verb build_now() "obtain a Building from the market, paying its cost, then take back 1 token of your choice" {
    let b = choose up to 1 from market
      where card is Building and card.cost_honor <= honor and card.cost_gold <= gold and card.cost_food <= food
        and card.cost_land <= land
        and card.cost_honor + card.cost_gold + card.cost_food + card.cost_land + card.cost_any
          <= honor + gold + food + land
      as build_now prompt "Obtain which Building?";
    if b {
      pay b;
      move b to kingdom;
      take_any;
    }
  }
  verb attacker_goes_first() "the attacker chooses their Heroes first and reveals one of them; then you choose yours" {
    watchtower = 1;
  }
}
