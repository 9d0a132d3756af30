// Warring Kingdom (Harry Gao, 2014), for 2 to 4 players.
// Rules: shared/rulebooks/warring-kingdom.txt (cited R-WK below). The card list, every reconstructed number
// and rule, and the combat steps P1-P5, R1-R6 and C1-C7 cited below: docs/design/warring-kingdom-cards.md.
game "warring-kingdom" {
  title "Warring Kingdom";
  players 2 to 4;

  types Castle, Income, Unit, Equipment, Building;
  tags Civilian, Soldier, Weapon, Armor, Book, Magic, Potion;       // classes (R-WK "Class Chart")
  tags General, Operative, Villager, Melee, Ranged, Body, Shield;   // subclasses
  // the rules' own markers, not printed as classes (issue 22): the base supply units (Beggar, Town Guard,
  // Warrior); a card with an Action ability, used in the Act phase (its text says "Action:")
  tags Base, Action: quiet;

  // R-WK "Game Speeds and Variations".
  variant blitz "Blitz: every castle starts on its Aged side (11 HP, one extra coin a turn)";
  variant limited "Limited War: every castle turns to its Aged side once a supply deck runs out";
  variant epic "Epic War: each starting deck is 5 Copper, 5 Town Guard and 5 Beggar" players 2 to 3;

  property cost: number = 0 "the coins you pay to buy the card";
  // printed on a coin at the top left ("the coin icon located on the upper-left side of the card", R-WK Upkeep)
  property upkeep: number = 0 "the coins paid each Pay phase to keep the card deployed": printed badge;          // paid each Pay phase to keep the card deployed
  property worth: number = 0 "the coins an Income card or a Castle gives in the Pay phase";           // coins an income card (or the Castle) gives
  property offence: number = 0 "the damage of a strike while attacking; on equipment, what it adds to its carrier";         // strike damage as the Attacker; on equipment, what it adds to its carrier
  property defence: number = 0 "the damage of a strike while defending; on equipment, what it adds to its carrier";         // strike damage as the Defender
  property hp: number = 0 "the damage that wounds the unit; on armour, what it adds to its carrier";              // on equipment (armour), what it adds to its carrier
  property steadfast: number 0 to 1 = 0 "rolled critical hits cannot be applied to the unit";       // rolled critical hits cannot be applied to it
  property reach: number 0 to 1 = 0 "a weapon whose carrier strikes from row 2 like a Ranged unit";           // on a weapon: its carrier strikes from row 2 like a Ranged unit
  property soldiers_only: number 0 to 1 = 0 "equipment that only a Soldier may carry";   // on equipment: only a Soldier may carry it
  property forced: number 0 to 1 = 0 "a card never discarded by choice: its Upkeep is paid first";          // never discarded by choice; its upkeep is paid first
  property ready: number = 1 "whether the card's Action can be carried out in full now";           // on an Action card: 1 when its action can be carried out in full now

  zone deck: per player, hidden, owner knows, refill discard;   // its cards all came in face up
  zone hand: per player, owner;
  zone discard: per player, public, called "discard pile";
  // Fronts (columns) 1-5 by rows 1-2 for units; row 3 holds only the Castle, in front 3 (R-WK "Player's
  // Board Area"). A defender's Castle moves up its front in combat like any other card.
  zone board: per player, public, grid 5 x 3, keeps attachments, shows offence defence hp damage;
  zone buildings: per player, public;                    // off the battle line (design section 2)
  zone used: per player, public;                         // Action cards used from hand this turn
  zone fallen: per player, public, keeps attachments, called "wounded units";  // wounded this round, off the line
  zone dead: per player, public, keeps attachments;      // killed this round: back to the Supply at Cleanup
  zone converts: per player, public, keeps attachments, called "converted units";  // converted this round
  zone aside: per player, public, keeps attachments, quiet;     // a unit about to take another's slot (Enlist)
  zone reverse: per player, public, not owned, quiet;           // the other side of each player's Castle
  zone supply: shared, public, piles;                    // income cards and base units, face up
  zone civilians: shared, hidden, refill civilians_used, called "Civilians deck";
  zone civilians_used: shared, public, called "Civilians discard pile";
  zone soldiers: shared, hidden, refill soldiers_used, called "Soldiers deck";
  zone soldiers_used: shared, public, called "Soldiers discard pile";
  zone weapons: shared, hidden, refill weapons_used, called "Weapons deck";
  zone weapons_used: shared, public, called "Weapons discard pile";
  zone equipment: shared, hidden, refill equipment_used, called "Equipment deck";  // "all other items", Buildings too
  zone equipment_used: shared, public, called "Equipment discard pile";
  zone market: shared, public, table prices, called "cards turned up";  // the cards turned up from a supply deck

  counter coins: per player;
  counter buys: per player;
  // attacked this turn, so no Buy (R-WK "Attack")
  counter attacked: per player, max 1, quiet, flag "attacked this turn" "did not attack this turn";
  // the Attacker of the combat going on
  counter attacking: per player, max 1, quiet, flag "are the Attacker" "are not the Attacker";
  // the Defender of the combat going on
  counter defending: per player, max 1, quiet, flag "are the Defender" "are not the Defender";
  counter dice: per player, numbers, quiet;        // this round's dice, after Distract and Regroup
  counter crits: per player, quiet;                // rolled 6s this round
  counter headshots: per player, quiet;            // critical hits granted by cards this round
  counter round: shared, quiet;                    // round of the combat going on; 0 outside combat
  counter units_lost: per player, quiet;           // units lost in the combat going on (its closing line)
  counter blow: shared, unbounded, quiet;          // damage of the hit being resolved
  counter piercing: shared, max 1, quiet;          // the hit being resolved ignores Armor
  counter fate: shared, max 2, quiet;              // of a wounding hit: 0 wounded, 1 killed, 2 converted
  counter excess_left: shared, quiet;              // damage a Cleave carries on to the next target
  counter aim_castle: shared, max 1, quiet;        // the strike being resolved aims at the Castle itself
  counter value: shared, unbounded, quiet;         // what `strength` and `toughness` work out
  counter fits: shared, max 1, quiet;              // what `fit` works out
  counter damage: per card, min 0, of hp, quiet;   // taken this round (R-WK: "damage is removed")
  counter strikes: per card, quiet;                // strikes it makes this round (fixed at the roll, R5)
  counter power: per card, unbounded, quiet;       // its strength this round (fixed at the roll, R5)
  counter ticket: per card, quiet;                 // 10 x front + row where it stood at the roll
  counter poisoned: per card, max 1, quiet;        // damaged this round by a poisoned carrier
  counter warded: per card, max 1, quiet;          // a Ward that has stopped its hit this round
  // a once-per-combat ability already used (Regroup)
  counter spent: per card, max 1, quiet, flag "have been used this combat" "have not been used this combat";

  // How card text introduces the abilities of each event (rules text only).
  event act "Action";
  event bought "When you buy this";
  event drawn "When its owner draws this";
  event desert "When a combat it is in begins";
  event distract "Combat, after each roll";
  event regroup "Combat, before the strikes";
  event aim "Before each strike of this unit, or of the unit carrying this";
  event striking "Each hit by this unit, or by the unit carrying this";
  event struck "Each hit on this unit, or on the unit carrying this";
  event hits "Each hit by this unit, or by the unit carrying this, that deals damage";
  event wounds "When a hit by this unit, or by the unit carrying this, wounds its target";
  event tally "At the end of each combat round";
  event finish "At the end of each combat round";
  event mend "At the end of each combat round";

  setup {
    let copper = 4;
    let guards = 3;
    let beggars = 3;
    if epic { copper = 5; guards = 5; beggars = 5; }
    // R-WK "Box Contents": 16 Copper, 12 Silver, 12 Gold; 16 Beggars, 16 Town Guards, 12 Warriors. The
    // starting decks come out of these piles.
    create 16 - copper * count(players) Copper to supply;
    create 12 Silver to supply;
    create 12 Gold to supply;
    create 16 - beggars * count(players) Beggar to supply;
    create 16 - guards * count(players) "Town Guard" to supply;
    create 12 Warrior to supply;
    // Four copies of each merchant card, in four decks by class (R-WK "Setup").
    for k in cards where not card is Base and not card is Income and not card is Castle {
      if k is Civilian { create 4 k to civilians; }
      else if k is Soldier { create 4 k to soldiers; }
      else if k is Weapon { create 4 k to weapons; }
      else { create 4 k to equipment; }
    }
    shuffle civilians;
    shuffle soldiers;
    shuffle weapons;
    shuffle equipment;
    for p in players {
      // The Castle goes in front 3, row 3, 23 HP side up (Aged side up in Blitz); its other side waits.
      create 1 Castle to p.reverse;
      create 1 "Aged Castle" to p.reverse;
      if blitz { place "Aged Castle" in p.reverse to p.board column=3 row=3; }
      else { place Castle in p.reverse to p.board column=3 row=3; }
      // The reference card: who sits where. Only neighbours can be attacked, sabotaged or betrayed.
      note "neighbours: {left} on the left, {right} on the right" for p;
      create copper Copper to p.deck;
      create guards "Town Guard" to p.deck;
      create beggars Beggar to p.deck;
      shuffle p.deck;
      draw 5 for p;
    }
  }

  // R-WK "Turn Overview": Act, Deploy, Attack, Pay, Buy (not after an attack), Discard and Draw.
  turn {
    coins = 0;
    buys = 1;
    attacked = 0;
    phase act { act; }
    phase deploy { deploy; }
    phase attack { attack_phase; }
    phase pay { pay; }
    phase buy { if attacked == 0 { buy_phase; } }
    // "Discard your remaining hand. Draw five new cards." A player who starts a turn short of five cards
    // (after defending, or after Sabotage) does not draw up then: only this draw refills the hand.
    phase draw {
      end_turn;
      draw 5;
    }
  }
}

// ---- game words -------------------------------------------------------------------------------------

// "Discard your remaining hand": the Action cards used this turn go with it, unsaid.
verb end_turn() bookkeeping "discard the cards you used and your remaining hand" {
  move used to discard;
  if count(hand) > 0 { discard hand; }
}

verb draw(n: int) "+{n} Card{s}|draws {n} card{s}" {
  let got = top n of deck;
  move got to hand;
  trigger drawn got;                        // a Traitor deploys itself (Betray)
}

verb discard(c: cards) "discard {c}|discards {c}" {
  for x in c { move x to x.owner.discard; }   // "Discard: move a card to the owner's discard pile"
}

verb gain(c: card, dest: zone = discard) "gain {c}|gains {c}" {
  let got = top 1 of (c in supply);
  move got to dest;
}

// "Return killed units and their equipment back to the respective supply discard piles": base and income
// cards to their face-up piles, merchant cards to the discard pile of their supply deck.
verb return_card(c: cards) "return {c} to the Supply" {
  for x in c {
    to_supply attached(x);
    to_supply x;
  }
}

verb to_supply(c: cards) quiet "return {c} to the supply (Base and Income cards) or to the matching supply discard pile" {
  for x in c {
    if x is Base or x is Income { move x to supply; }
    else if x is Civilian { move x to civilians_used; }
    else if x is Soldier { move x to soldiers_used; }
    else if x is Weapon { move x to weapons_used; }
    else { move x to equipment_used; }
  }
}

// Turn up the top 3 cards of a supply deck (its discard pile is shuffled in when it runs short). Limited
// War: the first time a supply deck runs out, every castle turns to its Aged side.
verb turn_up(dz: zone) quiet "turn up the top 3 cards of {dz}" {
  if limited and count(dz) < 3 { age_castles; }
  let got = top 3 of dz;
  turn_over got;
}

// The cards turned up, face up for everybody: "p2 turns up Merchant, Traitor, Jester".
verb turn_over(c: cards) "turn up {c}|turns up {c}" {
  move c to market;
  reveal c;
}

verb age_castles() "every castle turns to its Aged side" {
  note "A supply deck ran out: every castle turns to its Aged side";
  for p in players {
    let old = Castle in p.board;
    let aged = "Aged Castle" in p.reverse;
    if old and aged {
      move old to p.reverse;
      place aged to p.board column=3 row=3;
    }
  }
}

// Sets `fits` to 1 when equipment E may be attached to unit U: one card of each subclass per unit (R-WK
// "Deploy"), and some equipment for Soldiers only.
verb fit(e: cards, u: cards) {
  fits = 1;
  if not u is Unit { fits = 0; }
  if e.soldiers_only > 0 and not u is Soldier { fits = 0; }
  if e is Melee and count(attached(u) where card is Melee) > 0 { fits = 0; }
  if e is Ranged and count(attached(u) where card is Ranged) > 0 { fits = 0; }
  if e is Body and count(attached(u) where card is Body) > 0 { fits = 0; }
  if e is Shield and count(attached(u) where card is Shield) > 0 { fits = 0; }
  if e is Book and count(attached(u) where card is Book) > 0 { fits = 0; }
  if e is Magic and count(attached(u) where card is Magic) > 0 { fits = 0; }
  if e is Potion and count(attached(u) where card is Potion) > 0 { fits = 0; }
}

// Attach one piece of equipment from hand to a unit it fits; nothing when none fits.
verb equip(e: cards) "attach {e} to a unit" {
  let targets = nothing;
  for u in board where card is Unit {
    fit e u;
    if fits > 0 { targets = [targets, u]; }
  }
  if targets {
    let u = choose 1 from targets as equip_to prompt "Attach {e} to which unit?";
    attach e to u;
  }
}

// Deploy one unit from hand into an open slot of rows 1-2 (the owner picks; each kind of unit asks with its
// own tag, so bots can place archers behind and soldiers in front).
verb deploy_unit(u: cards) "deploy {u}" {
  if u is Ranged {
    let s = choose 1 from open_slots(board) where slot.row <= 2 as deploy_ranged prompt "Deploy {u} where?";
    place u to board slot=s;
  } else if u is Soldier {
    let s = choose 1 from open_slots(board) where slot.row <= 2 as deploy_soldier prompt "Deploy {u} where?";
    place u to board slot=s;
  } else {
    let s = choose 1 from open_slots(board) where slot.row <= 2 as deploy_civilian prompt "Deploy {u} where?";
    place u to board slot=s;
  }
}

// ---- Act ------------------------------------------------------------------------------------------------

// "You may perform one action each turn", from hand (then the card is discarded at the end of the turn and
// cannot be deployed) or from your board (it stays). One ability per card.
verb act() quiet "you may use one Action ability of a card in your hand, on your board or in your buildings (a card used from your hand stays out until the end of the turn)" {
  // Privately, and asked whatever the hand holds: the others learn an Action card when it is used, never
  // whether one was held.
  let c = choose up to 1 from [hand, board, buildings] where card is Action and card.ready > 0 as act
    prompt "Use an Action (or none)" privately;
  if c { use_card c; }
}

// An Action ability used: "p1 uses Blacksmith (+2 coins)"; a card used from hand waits in `used`.
verb use_card(c: cards) "use {c}|uses {c}" {
  if c in hand { move c to used; }
  trigger act c;
}

// A Building put into play off the battle line.
verb raise_building(u: cards) "put {u} into your buildings|builds {u}" { move u to buildings; }

// ---- Deploy ---------------------------------------------------------------------------------------------

verb deploy() quiet "you may discard deployed cards; then deploy one unit from your hand into an empty slot of the front two rows, or put one Building into your buildings; then attach any number of weapons and equipment to units that can carry them" {
  // "You may discard any deployed cards at any point on your turn except during Combat."
  let gone = choose any from [board, buildings] where card.forced == 0 and not card is Castle as scrap
    prompt "Discard deployed cards (or none)";
  discard gone;
  // One unit into an empty slot, or one Building instead (design section 2).
  let room = count(open_slots(board) where slot.row <= 2);
  let u = choose up to 1 from hand where card is Building or (card is Unit and room > 0) as deploy
    prompt "Deploy a unit or a building (or none)" privately;     // as `act`: the hand stays secret
  if u is Building { raise_building u; }
  else if u { deploy_unit u; }
  // Any number of weapons and equipment onto units that can carry them.
  repeat 10 {
    let offer = nothing;
    for e in hand where card is Equipment {
      let room_for = 0;
      for t in board where card is Unit { fit e t; room_for += fits; }
      if room_for > 0 { offer = [offer, e]; }
    }
    let e = choose up to 1 from offer as equip prompt "Attach a weapon or equipment (or none)";
    if not e { break; }
    equip e;
  }
}

// ---- Attack ---------------------------------------------------------------------------------------------

verb attack_phase() quiet "if you have a Soldier on your board, you may attack a neighbour; then you skip the Buy phase" {
  // "You may attack a neighboring player ... with an army that consists of at least one soldier."
  if count(board where card is Soldier) > 0 {
    choose as attack prompt "Attack a neighbour (then no Buy this turn)?" {
      "No attack" { }
      "Attack left" { combat left; }
      "Attack right" if left != right { combat right; }
    }
  }
}

// One combat against D (R-WK "Detailed Combat Description"; design section 8.3).
verb combat(defender: player) "attack {defender}" steps "Combat" {
  attacked = 1;
  attacking = 1;
  defender.defending = 1;
  note "attacks {defender}";
  // P2: the defender rearranges; P3: the attacker deploys and rearranges; P4: the defender deploys.
  rearrange for defender;
  reinforce;
  rearrange;
  reinforce for defender;
  // P5: Traitors desert, then units advance.
  trigger desert board;
  trigger desert defender.board for defender;
  for f in [1, 2, 3, 4, 5] {
    advance you f;
    advance defender f;
  }
  reset spent;
  round = 0;
  units_lost = 0;
  defender.units_lost = 0;
  let going = true;
  while going {
    round += 1;
    fight defender;
    going = false;
    // Step 4: "continue the attack by discarding two income cards (not two coins) from his hand".
    // Asked privately every round, whatever the hand holds (docs/language.md 11): the defender's log has no
    // line for it, and at a shared screen the attacker is handed the screen for it, two income cards or not.
    // Without two there is nothing to pick, and the same question passes without an answer. Only a siege
    // that goes on (two income cards discarded) is public.
    if count(hand where card is Income) >= 2 {
      may "Continue the siege by discarding two income cards?" as siege privately {
        let paid = choose 2 from hand where card is Income as siege_pay prompt "Discard which two income cards?";
        discard paid;
        going = true;
      }
    } else {
      let cannot = choose up to 1 from nothing as siege prompt "Continue the siege by discarding two income cards?"
        privately;
    }
  }
  // The outcome, when the Castle stands (a destroyed one ends the game at Cleanup): R-WK names no winner of
  // a combat short of that, only the units each side lost (wounded, killed or converted).
  let mine = units_lost;
  let theirs = defender.units_lost;
  note "{you}'s attack on {defender} ends: {defender}'s Castle stands; units lost: {you} {mine}, {defender} {theirs}";
  // "After the end of combat it is returned to its normal location."
  castle_home defender;
  display board with defender.board;
  attacking = 0;
  defender.defending = 0;
  round = 0;
}

verb castle_home(d: player) bookkeeping "the defender's Castle goes back to its place" {
  place d.board where card is Castle to d.board column=3 row=3;
}

// Planning: move own units between slots of rows 1-2 (a unit moved onto another swaps with it).
verb rearrange() quiet "you may move your units between the slots of your front two rows" {
  repeat 10 {
    let u = choose up to 1 from board where card is Unit as rearrange prompt "Move a unit (or none)";
    if not u { break; }
    let s = choose 1 from slots(board) where slot.row <= 2 and (slot.column != column(u) or slot.row != row(u))
      as rearrange_to prompt "Move {u} where?";
    shift u s;
  }
}

// A unit moved to another slot while planning (a unit already there swaps with it).
verb shift(u: cards, s) "move {u} to another slot|moves {u} on their board" { place u to board slot=s; }

// Planning: deploy any number of units and equipment from hand (not Buildings: they stay off the line).
verb reinforce() quiet "you may deploy units from your hand into your front two rows and attach equipment to them" {
  repeat 15 {
    let room = count(open_slots(board) where slot.row <= 2);
    let offer = hand where card is Unit and room > 0;
    for e in hand where card is Equipment {
      let room_for = 0;
      for t in board where card is Unit { fit e t; room_for += fits; }
      if room_for > 0 { offer = [offer, e]; }
    }
    let c = choose up to 1 from offer as reinforce prompt "Add a unit or equipment to the battle (or none)";
    if not c { break; }
    if c is Unit { deploy_unit c; } else { equip c; }
  }
}

// Advancement in front F of P's board: a row-2 unit moves up into an empty row 1; the Defender's Castle
// moves up front 3 into empty slots "like any other card" (R-WK "Combat Overview").
verb advance(p: player, f: int) bookkeeping "in each of {p}'s fronts, a unit in row 2 moves up into an empty row 1 (a defending Castle moves up like any card)" {
  if not card_at(p.board, f, 1) and card_at(p.board, f, 2) {
    place card_at(p.board, f, 2) to p.board column=f row=1;
  }
  if f == 3 and p.defending > 0 {
    repeat 2 {
      let c = p.board where card is Castle;
      if row(c) == 3 and not card_at(p.board, 3, 2) { place c to p.board column=3 row=2; }
      else if row(c) == 2 and not card_at(p.board, 3, 1) { place c to p.board column=3 row=1; }
    }
  }
}

// One round of combat against D: roll, Distract, Regroup, place the dice, strike, clean up.
verb fight(defender: player) quiet "fight a round of combat" steps "Each round of combat" {
  note "Round {round}";
  roll_dice for you;
  roll_dice for defender;
  // R2 Distract (attacker's Jesters first), R3 Regroup (attacker first).
  // the defender's Jesters distract the attacker: `foe` is worked out after `for defender` switches `you`, so
  // the attacker is kept in a let first (a bare `you` there would be the defender itself: issue 22)
  let attacker = you;
  trigger distract board foe=defender;
  trigger distract defender.board foe=attacker for defender;
  trigger regroup board;
  trigger regroup defender.board for defender;
  // R4-R5: dice on fronts; strikers and their strength are fixed now.
  line_up for you;
  line_up for defender;
  display board with defender.board;
  // R6: the attacker's strikes, then the defender's, each side front 1 to 5.
  resolve you defender;
  resolve defender you;
  cleanup you defender;
}

verb roll_dice() quiet "roll five dice" {
  dice = roll(5, 6);
}

// A die 1-5 gives each of its front's strikers one strike: the row-1 unit, and a Ranged unit in row 2. A 6
// is a critical hit. A die for a front with no striker is put aside.
verb line_up() quiet "place your dice: a die of 1 to 5 gives one strike to the unit in row 1 of that front and to a Ranged unit (or one with Reach) behind it; a 6 is a critical hit; a die with no striker is put aside" {
  for f in [1, 2, 3, 4, 5] {
    let n = count(dice where number == f);
    if n > 0 {
      let front = card_at(board, f, 1) where card is Unit;
      let back = card_at(board, f, 2) where card is Unit;
      let shooter = nothing;
      if back {
        if back is Ranged or count(attached(back) where card is Ranged or card.reach > 0) > 0 { shooter = back; }
      }
      if front { arm front 10 * f + 1 n; }
      if shooter { arm shooter 10 * f + 2 n; }
      if not front and not shooter { note "no striker in front {f}: its dice are put aside"; }
    }
  }
  crits += count(dice where number == 6);
}

verb arm(u: cards, spot: int, n: int) {
  u.strikes = n;
  u.ticket = spot;
  strength u;
  u.power = value;
}

// Sets `value` to U's strength: offensive when its owner attacks, defensive when defending, plus what its
// equipment adds. Join Force, Inspire and Charge come in through modifiers on the unit's own numbers.
verb strength(u: cards) {
  if u.owner.attacking > 0 { value = u.offence + sum(attached(u), card.offence); }
  else { value = u.defence + sum(attached(u), card.defence); }
}

// Sets `value` to the damage that wounds T: its HP plus its equipment's (Armor's not, for a piercing hit).
verb toughness(t: cards) {
  if piercing > 0 { value = t.hp + sum(attached(t) where not card is Armor, card.hp); }
  else { value = t.hp + sum(attached(t), card.hp); }
}

verb resolve(side: player, foe: player) quiet "{side}'s units strike, from front 1 to front 5: each strike hits {foe}'s nearest unit across the line, dealing the striker's strength" {
  for f in [1, 2, 3, 4, 5] {
    for r in [1, 2] {
      for s in [side.board, side.fallen, side.dead, foe.converts] where card.ticket == 10 * f + r {
        repeat s.strikes { strike s side foe f; }
      }
    }
  }
}

// One strike from front F at FOE's nearest line card to front 6 - F (design 8.5); the striker chooses
// between two equally near.
verb strike(s: cards, side: player, foe: player, f: int) {
  aim_castle = 0;
  trigger aim [s, attached(s)] for side;
  let t = nearest(foe.board, 6 - f, 1);
  if aim_castle > 0 { t = foe.board where card is Castle; }
  if count(t) > 1 { t = choose 1 from t by side as target prompt "{s} strikes which?"; }
  if t { hit s side foe t s.power f; }
  else { note "{side}'s {s} on front {f} finds no target"; }
}

verb hit(s: cards, side: player, foe: player, t: cards, power: int, f: int) {
  blow = power;
  piercing = 0;
  trigger striking [s, attached(s)] victim=t for side;
  trigger struck [t, attached(t)] for foe;
  if blow < 0 { blow = 0; }                      // "Damage dealt can never be less than 0"
  let before = t.damage;
  t.damage += blow;
  if blow > 0 { trigger hits [s, attached(s)] victim=t for side; }
  toughness t;
  let need = value;
  let got = t.damage;
  let dealt = blow;
  let tf = column(t);
  // Each unit on its own front: the fronts face each other, so front F strikes towards the foe's front 6 - F.
  note "{side}'s {s} on front {f} strikes {foe}'s {t} on front {tf}: {dealt} damage ({got}/{need})";
  if t is Unit and got >= need {
    let col = column(t);
    fate = 0;
    excess_left = 0;
    trigger wounds [s, attached(s)] victim=t excess=dealt - max(0, need - before) for side;
    if fate == 2 { converted t foe side; }
    else if fate == 1 { killed t foe; }
    else { wounded t foe; }
    advance foe col;
    // Cleave: the rest of the blow goes on to the next target (no spill-over otherwise, R-WK Example 1).
    if excess_left > 0 {
      let rest = excess_left;
      let next = nearest(foe.board, 6 - f, 1);
      if count(next) > 1 { next = choose 1 from next by side as target prompt "{s} cleaves into which?"; }
      if next { hit s side foe next rest f; }
    }
  }
}

// Cleanup (R-WK "Step 3: Cleanup"; design C1-C7).
verb cleanup(a: player, d: player) quiet "clean up: a destroyed Castle loses the game; critical hits kill wounded units; killed units return to the supply, wounded ones are discarded; units move up; all damage is removed" {
  let castle = d.board where card is Castle;
  if castle.damage >= castle.hp {
    note "{a} destroys {d}'s Castle and wins";
    win a;
  }
  trigger tally [a.board, a.fallen, a.dead] foe=d for a;     // Headshot
  trigger tally [d.board, d.fallen, d.dead] foe=a for d;
  critical a d;
  critical d a;
  trigger finish [a.board, a.fallen, a.dead] foe=d for a;    // Poison
  trigger finish [d.board, d.fallen, d.dead] foe=a for d;
  trigger mend [a.board, a.fallen] for a;                    // Healing Draught
  trigger mend [d.board, d.fallen] for d;
  // Every unit a side lost this round is now dead, wounded, or converted by the other side.
  a.units_lost += count([a.dead, a.fallen] where card is Unit) + count(d.converts where card is Unit);
  d.units_lost += count([d.dead, d.fallen] where card is Unit) + count(a.converts where card is Unit);
  for p in [a, d] {
    return_card p.dead where card is Unit;
    discard p.fallen where card is Unit;
    for u in p.converts where card is Unit {
      let s = choose 1 from open_slots(p.board) where slot.row <= 2 by p as convert_slot
        prompt "Put the converted {u} where?";
      if s { place u to p.board slot=s; } else { discard u; }
    }
  }
  for f in [1, 2, 3, 4, 5] {
    advance a f;
    advance d f;
  }
  // "All remaining cards (including the castle) regain their full health".
  reset damage;
  reset poisoned;
  reset warded;
  reset strikes;
  reset ticket;
  reset power;
  a.dice = [];
  d.dice = [];
}

// What a hit does to a unit, said as the rulebook says it ("p2's Town Guard is killed"), not as a move.
verb wounded(t: cards, v: player) bookkeeping { move t to v.fallen; note "{v}'s {t} is wounded"; }
verb killed(t: cards, v: player) bookkeeping { move t to v.dead; note "{v}'s {t} is killed"; }
verb killed_by_critical(t: cards, v: player) bookkeeping {
  move t to v.dead;
  note "{v}'s {t} is killed by a critical hit";
}
verb converted(t: cards, v: player, by: player) bookkeeping {
  move t to by.converts;
  note "{v}'s {t} is converted: it joins {by}'s army";
}

// C3: "for each roll of 6, the player gets one critical hit ... applied to an opponent's wounded (not just
// damaged) unit to kill that unit. Critical hits must be used if possible." Rolled 6s skip Steadfast units.
verb critical(side: player, foe: player) {
  repeat side.crits {
    let k = choose 1 from foe.fallen where card is Unit and card.steadfast == 0 by side as critical
      prompt "Critical hit: kill which wounded unit?";
    if k { killed_by_critical k foe; }
  }
  repeat side.headshots {
    let k = choose 1 from foe.fallen where card is Unit by side as critical prompt "Critical hit: kill which wounded unit?";
    if k { killed_by_critical k foe; }
  }
  side.crits = 0;
  side.headshots = 0;
}

// ---- Pay ------------------------------------------------------------------------------------------------

// "Determine how many coins you have ... income cards from your hand, plus any coins you may have from
// actions and your Castle ... Subtract the upkeep cost of any card you wish to keep in play ... Discard any
// cards you no longer wish to afford."
verb pay() quiet "collect the Worth of your Castle and of the Income cards in your hand; discard any deployed cards you stop paying for (more, while the Upkeep is more than your coins); then pay the Upkeep of the rest" {
  collect sum(board where card is Castle, card.worth) + sum(hand where card is Income, card.worth);
  let owed = sum([board, buildings], card.upkeep);
  let have = coins;
  let gone = choose any from [board, buildings] where card.upkeep > 0 and card.forced == 0 and not card is Castle
    as release prompt "Upkeep {owed}, coins {have}: stop paying for which deployed cards (they are discarded)?";
  discard gone;
  while sum([board, buildings], card.upkeep) > coins {
    owed = sum([board, buildings], card.upkeep);
    let more = choose 1 from [board, buildings] where card.upkeep > 0 and card.forced == 0 and not card is Castle
      as release_more prompt "You cannot pay for everything (Upkeep {owed}, coins {have}): discard which?";
    if not more { more = top 1 of ([board, buildings] where card.upkeep > 0); }
    discard more;
  }
  pay_upkeep sum([board, buildings], card.upkeep);
}

verb collect(n: int) "collect {n} coin{s}|collects {n} coin{s}" { coins += n; }
verb pay_upkeep(n: int) "pay {n} coin{s} of Upkeep|pays {n} coin{s} of Upkeep" { coins -= n; }

// ---- Buy ------------------------------------------------------------------------------------------------

verb buy_phase() quiet "you may turn up the top 3 cards of a supply deck; then buy a card costing up to your coins from the supply or the cards turned up, once per Buy; the cards turned up and not bought go to their discard piles" {
  choose as visit prompt "Turn up the top 3 cards of which supply deck?" {
    "Civilians" if count(civilians) + count(civilians_used) > 0 { turn_up civilians; }
    "Soldiers" if count(soldiers) + count(soldiers_used) > 0 { turn_up soldiers; }
    "Weapons" if count(weapons) + count(weapons_used) > 0 { turn_up weapons; }
    "Equipment" if count(equipment) + count(equipment_used) > 0 { turn_up equipment; }
    "None" { }
  }
  while buys > 0 {
    let c = choose up to 1 from [supply, market] where card.cost <= coins as buy prompt "Buy a card (or none)";
    if not c { break; }
    buy c;
  }
  clear_market;                         // "Unbought goods ... are discarded into their respective discard piles"
}

verb clear_market() bookkeeping "the cards turned up and not bought go to their discard piles" {
  to_supply market;
}

verb buy(c: cards) "buy {c}|buys {c}" {
  spend c;
  move c to discard;
  trigger bought c;                     // a Traitor goes to a neighbour instead (Betray)
}

// The Buy and the coins spent go without saying: "p1 buys Warrior" (the screen shows what is left).
verb spend(c: cards) bookkeeping "use a Buy and pay the cost of {c}" {
  buys -= 1;
  coins -= c.cost;
}

// ---- the words of the cards: each verb's template is the rules text the cards print -------------------

// Join Force (R-WK Example 2, clarifications): a Master Warrior counts as a Warrior.
verb join_force() "+2 strength when a Warrior or Master Warrior stands next to it in its row" {
  if count(adjacent(this) where (card is Warrior or card is "Master Warrior") and row(card) == row(this)) > 0 {
    modify offence this by 2;
    modify defence this by 2;
  }
}

// Inspire (R-WK clarifications): cumulative, every Operative of its owner.
verb inspire() "each Operative on your board has +3 strength" {
  for u in board where card is Operative {
    modify offence u by 3;
    modify defence u by 3;
  }
}

verb charge() "+3 strength in the first round of a combat you attack in" {
  if round == 1 and attacking > 0 { modify offence this by 3; }
}

verb slay() "that unit is killed (a Preacher carrying it may convert it instead)" {
  if fate == 2 {
    may "Kill it with the Axe instead of converting it?" as axe_kill { fate = 1; }
  } else {
    fate = 1;
  }
}

verb convert(t: cards) "if it is a Civilian and you have an empty slot for it, it is converted: it joins your army with its equipment" {
  if t is Civilian and count(open_slots(board) where slot.row <= 2) > count(converts where card is Unit) { fate = 2; }
}

verb cleave(n: int) "what the hit had left over goes on to the next unit in line" {
  excess_left = n;
}

verb pierce() "the hit ignores the target's Armor" {
  piercing = 1;
}

verb block(n: int) "the hit deals {n} less damage, unless it ignores Armor" {
  if piercing == 0 { blow -= n; }
}

verb brace(n: int) "while you defend, the hit deals {n} less damage" {
  if defending > 0 { blow -= n; }
}

verb ward() "the first hit each round deals no damage" {
  if this.warded == 0 {
    blow = 0;
    this.warded = 1;
  }
}

verb backstab(t: cards, n: int) "+{n} damage if the target already has damage this round" {
  if t.damage > 0 { blow += n; }
}

verb castle_breaker(t: cards, n: int) "+{n} damage against a Castle" {
  if t is Castle { blow += n; }
}

verb siege_aim() "as the attacker, you may aim the strike at the defender's Castle, wherever it stands" {
  if attacking > 0 {
    may "Aim this strike at the castle?" as siege_aim { aim_castle = 1; }
  }
}

verb poison(t: cards) "the unit hit is poisoned" {
  t.poisoned = 1;
}

verb kill_poisoned(foe: player) "every enemy unit it poisoned this round is killed; then discard this" {
  let doomed = [foe.board, foe.fallen] where card is Unit and card.poisoned > 0;
  if doomed {
    move doomed to foe.dead;
    note "Poison kills {doomed}";
    discard this;
  }
}

verb heal() "you may discard this to put one of your wounded (not killed) units back into an empty slot" {
  let hurt = fallen where card is Unit;
  if hurt and count(open_slots(board) where slot.row <= 2) > 0 {
    may "Use the Healing Draught to save a wounded unit?" as heal {
      let u = choose 1 from hurt as heal_pick prompt "Save which wounded unit?";
      let s = choose 1 from open_slots(board) where slot.row <= 2 as heal_slot prompt "Put {u} where?";
      discard this;
      place u to board slot=s;
    }
  }
}

verb headshot() "+1 critical hit if it struck this round" {
  if this.strikes > 0 { headshots += 1; }
}

verb regroup() "once per combat, you may reroll one of your dice" {
  if this.spent == 0 and count(dice) > 0 {
    let x = choose up to 1 from dice as regroup prompt "Regroup: reroll one of your dice (or none)?";
    if x {
      dice -= x;
      dice += roll(1, 6);
      this.spent = 1;
    }
  }
}

verb distract(foe: player) "put one of your opponent's dice aside: it strikes nothing this round" {
  if count(foe.dice) > 0 {
    let x = choose 1 from foe.dice as distract prompt "Distract: put aside which of {foe}'s dice?";
    foe.dice -= x;
    note "{this} distracts {foe}: a {x} is put aside";
  }
}

verb betray() "put it into the discard pile of a neighbour of your choice instead: from then on it is theirs" {
  let p = choose 1 from [left, right] as betray prompt "Put the Traitor into which neighbour's deck?";
  move this to p.discard;
}

verb forced_deploy() "its owner deploys it at once into an empty slot (not their deployment of the turn), or discards it if there is none" {
  let s = choose 1 from open_slots(board) where slot.row <= 2 as traitor_slot prompt "Deploy the Traitor where?";
  if s { place this to board slot=s; } else { discard this; }
}

verb lend() "return a Copper from your hand to the supply: +3 Coins" {
  move top 1 of (Copper in hand) to supply;
  coins += 3;
}

verb forge() "turn up the top 3 Weapons; gain one of them costing up to 5; the rest go to the Weapons discard pile" {
  turn_up weapons;
  let w = choose up to 1 from market where card.cost <= 5 as forge prompt "Gain which weapon (or none)?";
  move w to discard;
  to_supply market;
}

verb sabotage() "a neighbour of your choice with cards in hand discards one of them at random" {
  let p = choose 1 from [left, right] where count(player.hand) > 0 as sabotage prompt "Sabotage which neighbour?";
  let x = choose 1 from p.hand by chance as sabotage_pick prompt "The card discarded at random";
  discard x;
}

verb brawl() "a neighbour of your choice gains a Beggar" {
  let p = choose 1 from [left, right] as brawl prompt "Brawl: which neighbour gains a Beggar?";
  gain Beggar for p;
}

verb enlist() "return a Beggar from your hand or board to the supply; a Warrior from the supply takes its place, with its equipment" {
  let b = choose 1 from [hand, board] where card is Beggar as enlist prompt "Enlist which Beggar?";
  let w = top 1 of (Warrior in supply);
  if b in hand {
    move b to supply;
    move w to hand;
  } else {
    let c = column(b);
    let r = row(b);
    move w to aside;
    attach attached(b) to w;
    move b to supply;
    place w to board column=c row=r;
  }
}
