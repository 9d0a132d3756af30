// The Fall of Kingdoms (Gamehatch), 2 to 7 players. Rules: shared/rulebooks/fall-of-kingdoms.txt (R-FK).
// Readings where the rulebook is silent, and the 28 reconstructed Destiny cards: docs/design/fall-of-kingdoms-cards.md
// (design §N). A Character ability is a claim, true or a bluff, that anyone may call; a counter is a claim too.
game "fall-of-kingdoms" {
  title "The Fall of Kingdoms";
  players 2 to 7;

  types Character, Destiny;
  // the rules' own markers, not printed on the cards (issue 22): a Character ability aimed at another kingdom;
  // Destiny kinds that give more actions, last a round, make Kingdom Attacks (the card's text says each)
  tags Targeted, Extra, Round, Attacking: quiet;
  tags DefenseOnly;               // a Destiny kind printed on the card: played only in defence
  // What a Defense Only card answers (design §9.1, G2): the window that offers it.
  tags AgainstAttack, AgainstRuin, AgainstAccuse, AgainstAbility, AgainstElimination, AgainstSpying;

  property cost: number = 0 "the coins a Character ability costs (a dash: it is free)";              // coins the Character ability costs ("-" is free)
  property copies: number 1 to 20 = 1 "how many copies of the card the game has";            // copies of the card in the box
  property blocks: text = "" "the action or ability a Character can block";           // a Character's counter: what it blocks (R-FK Character Ability Table)
  property wards: text = "" "the Character ability a Defense Only card answers";            // a Defense Only card: the Character ability it answers

  zone house: shared, hidden, called "House";            // unused Character cards, face down
  zone active: per player, owner, called "active Characters";   // two active cards: only their owner sees them
  zone reserve: per player, hidden, called "reserve";     // extra lives under the board, unseen even by their owner
  zone ashes: shared, public, called "Valley of Ashes";  // removed and eliminated Characters, face up
  zone destiny_pile: shared, hidden, called "Destiny pile";
  zone destiny: per player, owner, called "Destiny hand";
  zone fresh: per player, owner, called "new Destiny cards";   // drawn this action: usable from the next one
  zone used: shared, public, called "used Destiny cards";

  counter coins: per player, bank 70;            // the 70 coins of the box; the bank is finite
  counter morale: per player, min 1, max 4, start 2;
  counter defense: per player, start 3;
  counter gained: per player, quiet;             // coins this turn's actions gained: kept above the cap
  // 1 once the kingdom is destroyed
  counter fallen: per player, max 1, flag "have fallen" "have not fallen";
  counter incoming: per player, quiet;           // Kingdom Attack units aimed at this kingdom, being declared
  counter extra: per player, quiet;              // actions still to take this turn (Destiny cards, G5)
  counter in_extra: per player, max 1, quiet;    // taking one of those extra actions now
  // played a Defense Only card against the current action (G2)
  counter defended: per player, max 1, quiet, flag "have defended against this action" "have not defended against this action";
  counter double_agent: per player, max 1, quiet; // Double Agent: this action's claims cannot be called
  // Effects "for one round": until the start of their user's next turn (G4).
  counter plague: per player, max 1;
  counter ceasefire: per player, max 1;
  counter lies: per player, max 1;
  counter inquisition: per player, max 1;
  counter fog: per player, max 1;
  counter inflation: per player, max 1;
  // Results a verb passes back (a verb returns no value): read right after the call. Bookkeeping counters
  // are quiet: not logged, not shown at the terminal.
  // a counter claim stood
  counter blocked: shared, max 1, quiet, flag "the block stood" "no block stood";
  counter cancelled: shared, max 1, quiet, flag "a Defense Only card stopped the action" "no Defense Only card stopped the action";
  counter units: shared, quiet;                  // Kingdom Attack units still coming at the defender
  counter retaliate: shared, max 1, quiet, flag "Retaliation was played" "Retaliation was not played";
  counter landed: shared, quiet;                 // Defense the last Kingdom Attack took from its target
  // a Defense Only card was played (it is on top of `used`)
  counter played: shared, max 1, quiet, flag "a Defense Only card was played" "no Defense Only card was played";

  // How card text introduces each ability. A Defense Only card answers the window its tag names (G2).
  event play "Use as your action";
  event use "Ability";
  event attacked "Defense Only. When Kingdom Attacks are aimed at you";
  event ruined "Defense Only. When your Defense would drop to 0";
  event accused "Defense Only. When you are Accused";
  event targeted "Defense Only. When a Character ability is used on you";
  event assassinated "Defense Only. When an Assassin is used on you";
  event informed "Defense Only. When an Informant is used on you";
  event looked "Defense Only. When a Prophet is used on you";
  event spied "Defense Only. When a Spy Network is used on you";
  event struck "Defense Only. When a Destiny card would eliminate one of your Character cards";

  setup {
    // Destiny cards and coins, and the exchange, come first (R-FK Setup 1/2, step 2): "Allow each player to
    // exchange one Destiny Card of their choice with the Destiny Card Pile right now", before any Character
    // card is dealt ("Don't look at your Character Cards just yet!", step 3), so the exchange is made knowing
    // only one's own Destiny cards.
    for d in cards where card is Destiny { create d.copies d to destiny_pile; }
    shuffle destiny_pile;
    for p in players {
      p.coins += 3;                                  // from the bank
      move top 2 of destiny_pile to p.destiny;
    }
    for p in players { exchange for p; }
    // Character cards by player count (R-FK Setup Overview 1/2, step 3; design §1.1).
    for c in cards where card is Character { create c.copies c to house; }
    shuffle house;
    let n = count(players);
    let each = 3;                                    // Character cards each player gets
    if n == 2 {
      each = 5;
      two_player_removal;
    } else if n == 3 {
      each = 4;
      remove_a_set;
    } else if n == 4 {
      remove_a_set;
    } else if n == 5 {
      move top 3 of house to ashes;                  // "3 random Character Cards" (the House is shuffled)
    }
    for p in players {
      move top 2 of house to p.active;               // the two a player looks at
      move top each - 2 of house to p.reserve;       // the rest, unseen: extra lives
    }
  }

  turn {
    phase start {
      end_round_effects;                             // "for one round" ends at the start of your next turn
      gained = 0;
      // Collect coins equal to your Morale (Plague: none while another kingdom's Plague lasts).
      if count(others where player.plague > 0) == 0 { gain_coins morale; }
      gained = 0;                                    // collected coins are not gained by the action
    }
    phase action {
      act;
      while extra > 0 and fallen == 0 {
        extra -= 1;
        in_extra = 1;
        act;
      }
      in_extra = 0;
      double_agent = 0;
    }
    phase cap {
      cap_coins;
      move fresh to destiny;
    }
  }

  // The last kingdom standing wins: `eliminate` ends the game when one is left. A stopped game has no winner.
  score 1 - fallen;
}

// The 2-player row of the table does not add up (24 - 6 - 4 = 14 cards for 5 + 5 + 5 places). The reading
// used here (design §1.1): the 4 Puppeteers and one each of the other five characters leave the game (9 cards),
// so 15 remain: 5 each and 5 in the House. To play another reading, change this verb and `each` in set-up;
// e.g. "one set plus the 3 other Puppeteers" is the same 9 cards, and a House of 4 would deal 5, 5 and keep 4.
verb two_player_removal() "remove the Puppeteers and one of each other character" {
  move Puppeteer in house to ashes;
  for c in cards where card is Character and card is not Puppeteer { move top 1 of (c in house) to ashes; }
}

verb remove_a_set() "remove one of each character" {
  for c in cards where card is Character { move top 1 of (c in house) to ashes; }
}

// "Allow each player to exchange one Destiny Card of their choice with the Destiny Card Pile": the card goes
// into the pile, the pile is shuffled, and the player draws one (design §1).
// An exchange: take the top card of the pile, then put yours in and shuffle, so the card you get is never the
// one you gave (a second copy of the same name may come).
verb exchange() "you may exchange a Destiny card with the pile" {
  let d = choose up to 1 from destiny as destiny_exchange prompt "Exchange a Destiny card with the pile?";
  if d and count(destiny_pile) > 0 {
    move top 1 of destiny_pile to destiny;
    move d to destiny_pile;
    shuffle destiny_pile;
  }
}

verb end_round_effects() "your round-long effects end" {
  plague = 0;
  ceasefire = 0;
  lies = 0;
  inquisition = 0;
  fog = 0;
  inflation = 0;
}

// ---- coins: the action's gains are kept above the cap (R-FK "How Capping Coins Works"; design §3) ----------

// Gain N coins from the bank (what is left of it). During your own turn they count as gained by your action.
verb gain_coins(n: int) "+{n} Coin{s}|gains {n} coin{s}" {
  let before = coins;
  coins += n;
  if you == current { gained += coins - before; }
}

// Spending takes the coins you held before the action first, then the ones it gained.
verb pay(n: int) "pay {n} coin{s}|pays {n} coin{s}" {
  let held = coins - gained;
  if n > held { gained -= n - held; }
  coins -= n;
}

// After your last action: coins you held above 10 go back to the bank; gained coins are kept.
verb cap_coins() "discard coins above 10, keeping the coins your action gained" {
  let held = coins - gained;
  if held > 10 { coins -= held - 10; }
  gained = 0;
}

// ---- the actions (R-FK Gameplay table; design §4) ----------------------------------------------------

verb act() "take an action" {
  move fresh to destiny;                             // a Destiny card drawn earlier is usable from now on
  for p in players { p.defended = 0; }
  let tax = count(others where player.inflation > 0);      // Inflation: each coin cost is 1 more
  let truce = count(players where player.ceasefire > 0);   // Ceasefire: no Kingdom Attacks
  choose as action prompt "Choose your action" {
    "Interest" { gain_coins 1; }
    "Accuse" if coins >= 5 + tax and count(others where player.fog == 0) > 0 { accuse tax; }
    "Use a Destiny card" if count(destiny where card is not DefenseOnly and (in_extra == 0 or card is not Extra)
                                   and (truce == 0 or card is not Attacking)) > 0 { use_destiny truce; }
    "Draw a Destiny card" if coins >= 5 + tax and count(destiny_pile) + count(used) > 0 { draw_destiny tax; }
    "Kingdom Attack" if coins >= 4 + tax and truce == 0 { attack_action tax; }
    "Build" if coins >= 5 + tax { build tax; }
    "Swap" if coins >= 4 + tax and count(house) >= 2 { swap tax; }
    "Saint" if coins >= Saint.cost + tax { ability Saint tax; }
    "Prophet" if count(others where player.fog == 0) > 0 { ability Prophet tax; }
    "Assassin" if coins >= Assassin.cost + tax { ability Assassin tax; }
    "General" if coins >= General.cost + tax and truce == 0 { ability General tax; }
    "Informant" if count(others where player.morale > 1) > 0 { ability Informant tax; }
    "Puppeteer" if coins >= Puppeteer.cost + tax and count(others where player.fog == 0) > 0 {
      ability Puppeteer tax;
    }
  }
}

// Accuse: pay 5, name another kingdom and a character; if it holds one active, that card is eliminated and you
// gain 1 Morale (R-FK). Not a claim: nobody calls it, no character blocks it; Decoy does (design §4).
verb accuse(tax: int) "accuse another kingdom" {
  let t = choose 1 from others where player.fog == 0 as accuse_target prompt "Accuse which kingdom?";
  let r = choose 1 from cards where card is Character as accuse_role prompt "Which character does {t} hold?";
  pay 5 + tax;
  accuse_with t r;
}

verb accuse_with(t: player, r: card) "accuse {t} of holding {r}" {
  note "accuses {t} of holding {r}";
  guard t offered=t.destiny where card is AgainstAccuse;
  if played == 1 { let a = you; trigger accused top 1 of used attacker=a for t; }
  if cancelled == 0 {
    let found = top 1 of (r in t.active);
    if found {
      reveal found for t;
      move found to ashes;
      morale += 1;
      refill t;
    } else {
      note "{t} holds no {r}";
    }
  }
}

// Use an Active-use Destiny card held since before this action (R-FK Destiny Cards; G5: no extra action from
// an extra action; Ceasefire: no card that makes Kingdom Attacks).
verb use_destiny(truce: int) "use a Destiny card" {
  let d = choose 1 from destiny where card is not DefenseOnly and (in_extra == 0 or card is not Extra)
    and (truce == 0 or card is not Attacking) as destiny_use prompt "Use which Destiny card?";
  move d to used;                                    // revealed: used cards lie face up
  trigger play d;
}

// Pay 5 and draw one: usable from your next action. At most 4 unused Destiny cards (R-FK).
verb draw_destiny(tax: int) "pay 5 and draw a Destiny card" {
  pay 5 + tax;
  if count(destiny_pile) == 0 { shuffle used into destiny_pile; }   // G6
  move top 1 of destiny_pile to fresh;
  destiny_limit;
}

verb destiny_limit() "discard Destiny cards down to 4" {
  let over = count(destiny) + count(fresh) - 4;
  if over > 0 {
    let gone = choose over from [destiny, fresh] as destiny_discard prompt "Discard down to 4 Destiny cards";
    move gone to used;
  }
}

// Kingdom Attack, stackable: declare every unit and its target, pay 4 each, then each target in seat order
// from your left defends and counters (R-FK Gameplay table; design §4).
verb attack_action(tax: int) "launch Kingdom Attacks" {
  let price = 4 + tax;
  let total = 0;
  let more = 1;
  while more == 1 and coins >= (total + 1) * price {
    let t = choose 1 from others as attack_target prompt "Aim a Kingdom Attack at which kingdom?";
    t.incoming += 1;
    total += 1;
    more = 0;
    if coins >= (total + 1) * price {
      may "Add another Kingdom Attack for {price} coins?" as attack_more { more = 1; }
    }
  }
  pay total * price;
  strike;
}

// Resolve the declared Kingdom Attack units, kingdom by kingdom in seat order from your left.
// Told by each attack made ("p2 makes 2 Kingdom Attacks on p3").
verb strike() quiet "resolve the Kingdom Attacks" {
  for t in others where player.incoming > 0 {
    let n = t.incoming;
    t.incoming = 0;
    if fallen == 0 { kingdom_attack t n; }
  }
  for p in players { p.incoming = 0; }
}

// Build: pay 5 per point of your own Defense; stackable (R-FK).
verb build(tax: int) "build Defense" {
  let price = 5 + tax;
  pay price;
  defense += 1;
  let more = 1;
  while more == 1 and coins >= price {
    more = 0;
    may "Build 1 more Defense for {price} coins?" as build_more {
      pay price;
      defense += 1;
      more = 1;
    }
  }
}

// Swap: pay 4, take two Character cards from the House, return two, shuffle the House (R-FK).
verb swap(tax: int) "swap two Character cards with the House" {
  pay 4 + tax;
  move top 2 of house to active;
  let back = choose 2 from active as swap_return prompt "Return two Character cards to the House";
  move back to house;
  shuffle house;
}

// ---- Character abilities: claims, calls and counters (R-FK Bluff Calls; design §5, §6) ---------------

// Use (or bluff) a Character ability. Caught bluffing, the action fails and its cost comes back (design §5).
verb ability(role: card, tax: int) "use the ability of {role}" {
  let price = 0;
  if role.cost > 0 { price = role.cost + tax; }
  pay price;
  let t = you;
  if role is Targeted {
    t = choose 1 from others where (role is not Informant or player.morale > 1)
      and ((role is not Prophet and role is not Puppeteer) or player.fog == 0)
      as target prompt "Use {role} on which kingdom?";
    note "uses {role} on {t}";
  }
  claim role from active unless count(players where player.lies > 0) > 0 or double_agent > 0 {
    honest {
      prove proof.owner proof;
      lose_character caller;                         // the wrong caller loses a card; you win the call
    }
    caught {
      coins += price;                                // the cost comes back: losing a card is the punishment
      caught_bluffing you caller;
    }
    stands {
      if fallen == 0 and t.fallen == 0 { resolve role t; }
    }
  }
}

// The target may counter with a character that blocks this ability; then the ability takes effect.
verb resolve(role: card, t: player) "resolve {role}" {
  blocked = 0;
  cancelled = 0;
  if t != you {
    offer_block t role.name;                       // the counter column of the Character Ability Table
    if blocked == 0 and t.fallen == 0 { ward t role; }   // then Defense Only cards (G2)
  }
  if blocked == 0 and cancelled == 0 and t.fallen == 0 and fallen == 0 { trigger use role target=t; }
}

// A counter is a claim by the target; any other player may call it (design §6). A block that stands sets
// `blocked`; a bluffing blocker who is caught loses a card and the action goes on.
verb offer_block(t: player, what: text) "{t} may block it" {
  blocked = 0;
  block cards where card.blocks == what by t from t.active unless count(players where player.lies > 0) > 0 {
    honest {
      prove proof.owner proof;
      lose_character caller for t;
    }
    caught { caught_bluffing t caller; }
    stands { blocked = 1; }
  }
}

// Prove a claim: show the card, shuffle it into the House, draw a new one (R-FK Bluff Calls, "If Truthful").
verb prove(holder: player, c: cards) "show it, shuffle it into the House and draw a new Character card|{holder} shows {c}, shuffles it into the House and draws a new Character card" {
  reveal c for holder;
  move c to house;
  shuffle house;
  new_character holder;
}

// The new Character card, drawn face down: its line ("draws a new Character card") says it.
verb new_character(holder: player) bookkeeping "draw a new Character card" {
  move top 1 of house to holder.active;
}

// Caught bluffing: the liar loses an active card of their choice; the caller gains 1 Morale (R-FK).
verb caught_bluffing(liar: player, caller: player) "{liar} is caught bluffing" {
  for p in players where player.inquisition > 0 { gain_coins 2 for p; }   // Inquisition
  caller.morale += 1;
  lose_character liar for caller;
}

// ---- losing cards and kingdoms (R-FK Objective, Setup 2/2; design §8) ---------------------------------

// V loses an active Character card of V's choice: face up to the Valley of Ashes; a reserve card takes its
// place. You win whatever destroys V.
verb lose_character(v: player) quiet "{v} loses a Character card" {
  if v.fallen == 0 {
    let gone = choose 1 from v.active by v as lose_character prompt "Which Character card do you lose?";
    to_ashes v gone;
    refill v;
  }
}

// A Character card lost, face up into the Valley of Ashes: "p1 loses Saint".
verb to_ashes(v: player, c: cards) "{v} loses {c}" { move c to ashes; }

// Back to two active cards from the reserve; with no card left the kingdom falls to you.
verb refill(v: player) quiet "{v} draws from the reserve" {
  from_reserve v 2 - count(v.active);
  if count(v.active) == 0 { destroy v; }
}

verb from_reserve(v: player, n: int) "{v} takes {n} card{s} from the reserve" {
  move top n of v.reserve to v.active;
}

// V loses N Defense from any source; at 0 the kingdom falls to you (Last Stand may keep it at 1).
verb lose_defense(v: player, n: int) "{v} loses {n} Defense" {
  if v.fallen == 0 and n > 0 {
    cancelled = 0;
    if v.defense <= n {
      guard v offered=v.destiny where card is AgainstRuin;
      if played == 1 { let a = you; trigger ruined top 1 of used attacker=a for v; }
    }
    if cancelled == 1 {
      v.defense = 1;
    } else {
      v.defense -= min(n, v.defense);
    }
    if v.defense == 0 { destroy v; }
  }
}

// "Whoever's immediate action destroys a kingdom captures all the coins in that kingdom" (R-FK Objective).
verb destroy(k: player) quiet "destroy {k}" {
  if k.fallen == 0 {
    note "The kingdom of {k} falls to {you}";
    let loot = k.coins;
    fall k;
    if you != k { gain_coins loot; }
    fallen_cards k [k.active, k.reserve];
    drop_destiny k;
    k.incoming = 0;
    k.extra = 0;
    end_round_effects for k;
    eliminate k;                                     // the last kingdom standing wins
  }
}

// The fallen kingdom's coins go to its captor (told as the captor's gain).
verb fall(k: player) bookkeeping "{k} has fallen" {
  k.fallen = 1;
  k.coins = 0;
  k.gained = 0;
}

// A fallen kingdom's Character cards go face up to the Valley of Ashes, its Destiny cards to the used pile.
verb fallen_cards(k: player, c: cards) "{k}'s Character cards go to the Valley of Ashes: {c}" { move c to ashes; }
verb drop_destiny(k: player) bookkeeping "{k}'s Destiny cards go to the used pile" {
  move k.destiny to used;
  move k.fresh to used;
}

// ---- Kingdom Attacks (design §4, §6, D1, D2, D8, D9) -------------------------------------------------

// N Kingdom Attack units aimed at T by one action. T may block them all with a Saint claim, then play a
// Defense Only card; whatever units are left take Defense. `landed` is the Defense T lost.
verb kingdom_attack(t: player, n: int) "make {n} Kingdom Attack{s} on {t}" {
  let got = 0;
  if t.fallen == 0 and n > 0 {
    blocked = 0;
    offer_block t "Kingdom Attack";   // "Saints can also block Kingdom Attacks"
    if blocked == 1 { note "{t} blocks the attack"; }   // the outcome, said at the table
    if blocked == 0 and t.fallen == 0 {
      units = n;
      retaliate = 0;
      guard t offered=t.destiny where card is AgainstAttack;       // The Betrayal, Stone Walls, Retaliation
      if played == 1 { let a = you; trigger attacked top 1 of used attacker=a for t; }
      let hit = units;
      let back = retaliate;
      if hit > 0 and t.fallen == 0 {
        let before = t.defense;
        lose_defense t hit;
        got = before - t.defense;
        if t.fallen == 1 { got = before; }
        if back == 1 and fallen == 0 and got > 0 {
          note "{t} retaliates";
          let attacker = you;
          lose_defense attacker 1 for t;             // not a Kingdom Attack: no block, no redirect; t captures
        }
      }
    }
  }
  landed = got;
}

// ---- Defense Only cards (G2): free, at most one per player per action ----------------------------------

// T may play one of OFFERED against the current action: it goes face up onto the used pile and `played` is 1;
// the caller then fires the card's ability for that window, with `attacker` the player acting. A card that
// stops the action sets `cancelled`. The question is put whatever T holds, privately (issue: a player may bluff
// about what they hold): the others learn only what T plays, never whether T could have.
verb guard(t: player, offered: cards) quiet "{t} may play a Defense Only card against it, unless they have already defended against this action" {
  cancelled = 0;
  played = 0;
  if t.defended == 0 and t.fallen == 0 {
    let d = choose up to 1 from offered by t as defend prompt "Play a Defense Only card?" privately;
    if d {
      t.defended = 1;
      move d to used;
      played = 1;
    }
  }
}

// The Defense Only cards T may play when ROLE's ability is used on T: those against any ability (Envoy of
// Peace) and those against this one.
verb ward(t: player, role: card) quiet "{t} may play a Defense Only card against {role}'s ability" {
  guard t offered=t.destiny where card is AgainstAbility or card.wards == role.name;
  if played == 1 {
    let a = you;
    let d = top 1 of used;
    trigger targeted d attacker=a for t;
    if role is Assassin { trigger assassinated d attacker=a for t; }
    if role is Informant { trigger informed d attacker=a for t; }
    if role is Prophet { trigger looked d attacker=a for t; }
  }
}

// Words the Defense Only and Destiny cards are written with.
verb cancel() "cancel it" { cancelled = 1; }

verb hold_off(n: int) "cancel up to {n} of those Kingdom Attacks" { units -= min(n, units); }

verb redirect() "send all those Kingdom Attacks to another kingdom of your choice instead (the attacker too); you capture it if it falls" {
  let k = choose 1 from others as betrayal_target prompt "Redirect the Kingdom Attacks to which kingdom?";
  let n = units;
  units = 0;
  note "redirects {n} Kingdom Attack(s) to {k}";
  kingdom_attack k n;
  units = 0;
  retaliate = 0;
}

verb retaliate_later() "if they take any of your Defense, the attacker loses 1 Defense (not a Kingdom Attack: it cannot be blocked or redirected); you capture them if they fall" {
  retaliate = 1;
}

verb stay_at_one() "instead, your Defense becomes 1" { cancelled = 1; }

verb lose_morale(p: player) "{p} loses 1 Morale|{p} loses 1 Morale" {
  if p.fallen == 0 { p.morale = max(1, p.morale - 1); }
}

verb glimpse(p: player) "look at a random active Character card of {p}" {
  let c = choose 1 from p.active by chance as glimpse_pick;
  peek c;
}

verb more_actions(n: int) "take {n} extra action{s}" { extra += n; }

verb steal_morale(t: player) "steal 1 Morale from {t}, unless it is at 1; at 4 you stay at 4|steals Morale from {t}" {
  if t.morale > 1 {
    t.morale -= 1;
    morale += 1;
  }
}

verb reward_if_landed() "if it took Defense, +1 Morale" {
  if landed > 0 and fallen == 0 { morale += 1; }
}

verb free_attacks(n: int) "make {n} free Kingdom Attack{s}, aimed as you choose" {
  repeat n {
    let t = choose 1 from others as free_attack_target prompt "Aim a free Kingdom Attack at which kingdom?";
    t.incoming += 1;
  }
  strike;
}

verb uncallable() "if it is a Character ability, nobody may call its claims (blocks against it may still be called)" {
  double_agent = 1;
}

// Round-long effects: until the start of your next turn (G4); each is read where it applies.
verb plague_round() "until your next turn, the other players collect no coins at the start of their turns" {
  plague = 1;
}
verb ceasefire_round() "until your next turn, nobody may make a Kingdom Attack (the action, a General, a Destiny card)" {
  ceasefire = 1;
}
verb lies_round() "until your next turn, nobody may call a claim or a block" { lies = 1; }
verb inquisition_round() "until your next turn, gain 2 coins each time a player is caught bluffing" {
  inquisition = 1;
}
verb fog_round() "until your next turn, nobody may Accuse you, look at your cards or borrow your card with a Puppeteer" {
  fog = 1;
}
verb inflation_round() "until your next turn, every coin cost of the other players is raised by 1 (free abilities stay free)" {
  inflation = 1;
}

// ---- the Puppeteer (R-FK Character Abilities 4/4, Bluff Calls Involving Puppeteers; design §7) ------------

// You (A) borrow a random active card of B, seen by you alone, and use its ability for free on another kingdom
// C, saying what it is (you may lie; you must when it is a Puppeteer). B stays silent: B may not call.
// One question, the same whatever you saw: name a character whose ability has a legal use now (never a
// Puppeteer: no chaining). The truth is one of its answers when it may be said, so nobody can tell a lie from
// the questions asked; only the claim, said out loud, is public.
verb puppet(b: player) "use a random active Character of {b}" {
  let truce = count(players where player.ceasefire > 0);
  let picked = choose 1 from b.active by chance as puppeteer_pick;
  peek picked;
  let x = choose 1 from cards where card is Character and card is not Puppeteer
    and (card is not General or truce == 0)
    and (card is not Targeted or count(others where player != b and (card is not Informant or player.morale > 1)
                                       and (card is not Prophet or player.fog == 0)) > 0)
    as puppeteer_claim prompt "You saw {picked}. Which character do you say it is?" privately;
  borrow b picked x;
}

verb borrow(b: player, picked: cards, x: card) "use {x} as {b}'s card" {
  let c = you;                                       // a Saint raises your own Morale (R-FK)
  if x is Targeted {
    c = choose 1 from others where player != b and (x is not Informant or player.morale > 1)
      and (x is not Prophet or player.fog == 0) as puppeteer_target prompt "Use {x} on whom?";
  }
  note "says the borrowed card is {x} and uses it on {c}";
  claim x by you from picked except b unless count(players where player.lies > 0) > 0 or double_agent > 0 {
    honest {
      prove proof.owner proof;                                   // case 1: B reveals it, shuffles it in, draws a new one
      lose_character caller;
    }
    caught { caught_bluffing you caller; }           // case 2: B reveals nothing; A loses a card
    stands {
      if fallen == 0 and c.fallen == 0 { resolve x c; }
    }
  }
}
