// Dominion, base set, 1st edition (rules: shared/rulebooks/dominion-nl.txt; supply sizes: carddata.md 4.3).
game dominion {
  title "Dominion (base set, 1st edition)";
  players 2 to 4;

  types Action, Treasure, Victory, Curse, Attack, Reaction;
  tags Kingdom: quiet;                // the 25 kingdom cards, from which the 10 supply piles are chosen;
                                      // a set-up marker, not printed on the cards

  property cost: number = 0 "the coins you pay to buy the card";
  property worth: number = 0 "the coins a Treasure gives when it is played";                 // coins a Treasure gives when played
  property vp: number = 0 "the victory points the card is worth at the end of the game";

  zone supply: shared, public, piles;
  zone trash: shared, public;
  zone deck: per player, hidden, owner knows, refill discard;   // "when the deck runs out, shuffle the discard pile"
  zone hand: per player, owner;
  zone discard: per player, top public, owner knows, called "discard pile";
  zone inplay: per player, public, called "play area";
  zone aside: per player, public, called "set-aside area";

  counter actions: per player, min 0;
  counter buys: per player, min 0;
  counter coins: per player, min 0;

  // Recommended first game (rulebook: "Nieuwe spelers").
  pool kingdom 10 from cards where card is Kingdom
    default [Cellar, Market, Militia, Mine, Moat, Remodel, Smithy, Village, Woodcutter, Workshop];

  setup {
    let victory = 12;
    if count(players) == 2 { victory = 8; }
    create 60 - 7 * count(players) Copper to supply;   // starting decks come out of the 60
    create 40 Silver to supply;
    create 30 Gold to supply;
    create victory Estate to supply;
    create victory Duchy to supply;
    create victory Province to supply;
    create 10 * (count(players) - 1) Curse to supply;
    for k in kingdom {
      if k is Victory { create victory k to supply; } else { create 10 k to supply; }
    }
    for p in players {
      create 7 Copper to p.deck;
      create 3 Estate to p.deck;
      shuffle p.deck;
      draw 5 for p;
    }
  }

  // Moat (carddata.md 4.1): "When another player plays an Attack, you may reveal this from hand to be
  // unaffected by it." Every attacked player is asked, privately, whatever their hand holds, so that being
  // asked (or handed the screen) reveals no Moat; a revealed Reaction then runs its `on reaction` ability.
  event reaction "When another player plays an Attack card, you may reveal this from your hand. If you do,";
  on attack {
    let shown = choose up to 1 from hand where card is Reaction as reveal_reaction
      prompt "Reveal a Reaction card?" privately;
    if shown {
      reveal shown;
      trigger reaction shown;
    }
  }

  turn {
    actions = 1;
    buys = 1;
    coins = 0;
    phase action {
      while actions > 0 {
        let c = choose up to 1 from hand where card is Action as play_action prompt "Play an Action card";
        if not c { break; }
        use_action;
        play c;
      }
    }
    phase buy {
      play hand where card is Treasure;   // playing every Treasure is never worse with the base set
      while buys > 0 {
        let c = choose up to 1 from supply where card.cost <= coins as buy prompt "Buy a card";
        if not c { break; }
        buy c;
      }
    }
    phase cleanup {
      clean_up;
      draw 5;
    }
  }

  // "The game ends when the last Province is taken, or when 3 supply piles are empty" (2-4 players).
  end when count(Province in supply) == 0 or empty_piles(supply) >= 3;
  score sum(owned, card.vp) called "VP";   // public: every gain and trash is seen
  tiebreak fewest turns;              // "on a tie, the player with fewer turns wins"; else a shared win
}

// Game words used by the cards. Their text templates write the rules text ("you" form | "they" form).
verb draw(n: int) "+{n} Card{s}|draws {n} card{s}" {
  move top n of deck to hand;
}

verb play(c: cards) "play {c}" {
  for x in c {
    move x to inplay;
    if x is Treasure { coins += x.worth; }
    trigger play x;
  }
}

verb gain(c: card, dest: zone = discard) "gain {c}|gains {c}" {
  let got = top 1 of (c in supply);     // nothing happens when the pile is empty
  move got to dest;
  trigger gain got;
}

// "Buy a card": pay its cost with a Buy and gain it (rulebook: "Buy phase").
verb buy(c: card) "buy {c}|buys {c}" {
  spend c;
  gain c;
}

// Spending the Buy and the coins goes without saying at the table: "p1 buys Silver" (the screen shows what is
// left). `bookkeeping`: the table tells none of it.
verb spend(c: card) bookkeeping "use a Buy and pay the cost of {c}" {
  buys -= 1;
  coins -= c.cost;
}

// Playing an Action card uses up an Action: "p1 plays Village", not "p1: -1 action" before it.
verb use_action() bookkeeping "use an Action" { actions -= 1; }

// Clean-up (rulebook, "Opruimfase"): every card in play and in hand goes to the discard pile. The cards in
// play were seen already; the hand is told as what the others see of it: how many cards, and the new top.
verb clean_up() bookkeeping "discard the cards in play and in your hand" {
  move inplay to discard;
  discard hand;
}

verb trash(c: cards) "trash {c}|trashes {c}" {
  move c to trash;
}

verb discard(c: cards) "discard {c}|discards {c}" {
  move c to discard;
}
