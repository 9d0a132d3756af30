// Dominion, base set, 1st edition (rules: shared/rulebooks/dominion-nl.txt; supply sizes: carddata.md 4.3).
game dominion {
  title "Dominion (base set, 1st edition)";
  players 2 to 4;

  types Action, Treasure, Victory, Curse, Attack, Reaction;
  tags Kingdom: quiet;                // the 25 kingdom cards, from which the 10 supply piles are chosen;
                                      // a set-up marker, not printed on the cards

  property cost: number = 0;
  property worth: number = 0;                 // coins a Treasure gives when played
  property vp: number = 0;

  zone supply: shared, public, piles;
  zone trash: shared, public;
  zone deck: per player, hidden, refill discard;   // "when the deck runs out, shuffle the discard pile"
  zone hand: per player, owner;
  zone discard: per player, top public, called "discard pile";
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
        actions -= 1;
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
      move inplay to discard;
      move hand to discard;
      draw 5;
    }
  }

  // "The game ends when the last Province is taken, or when 3 supply piles are empty" (2-4 players).
  end when count(Province in supply) == 0 or empty_piles(supply) >= 3;
  score sum(owned, card.vp);
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
  buys -= 1;
  coins -= c.cost;
  gain c;
}

verb trash(c: cards) "trash {c}|trashes {c}" {
  move c to trash;
}

verb discard(c: cards) "discard {c}|discards {c}" {
  move c to discard;
}
