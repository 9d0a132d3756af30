// Bots for The Fall of Kingdoms. A bot sees what its player may see: its own active Characters and Destiny
// cards, the Valley of Ashes, the used Destiny cards, every counter, the claims said out loud so far
// (`claimed()`, `claimant()`, `claims(P, ROLE)`), and the cards it was shown (`seen(ZONE)`).

// Shared habits: which card to give up, which Destiny card to play, whom to hit.
helper bot "basics" {
  on destiny_exchange { Plague; Ceasefire; Inflation; "Fog of War"; "Age of Lies"; Inquisition; none; }
  on lose_character { Prophet; Informant; Saint; General; Puppeteer; Assassin; }
  on swap_return { Prophet; Informant; Saint; General; Puppeteer; Assassin; }
  on destiny_discard { Plague; Ceasefire; Inflation; "Fog of War"; "Age of Lies"; Inquisition; Reinforcements; }
  on defend {
    "Last Stand"; "The Betrayal"; Sanctuary; "Poisoned Chalice"; "Stone Walls"; Retaliation; Decoy;
    "Envoy of Peace"; "Loyal Court"; "Veil of Secrets";
  }
  on destiny_use {
    "Meteor Shower"; "Siege Engines" if count(others where player.defense <= 2) > 0; Blitzkrieg;
    "Treasure Hoard"; "War Council"; Rally; "Royal Decree"; Plunder; Earthquake; "Return from Ashes";
    Reinforcements; "Forced March"; "Double Agent"; "Spy Network"; Plague; Ceasefire; "Age of Lies";
    Inquisition; "Fog of War"; Inflation;
  }
  on attack_target { lowest player.defense; }
  on free_attack_target { lowest player.defense; }
  on betrayal_target { lowest player.defense; }
  on target { lowest player.defense; }
  on puppeteer_target { lowest player.defense; }
  // Accuse the kingdom to the left of what it has claimed most often (claims are public).
  on accuse_target { left; lowest count(player.active); }
  on accuse_role {
    Saint if claims(left, Saint) >= 2 and count(Saint in ashes) + count(Saint in active) < Saint.copies;
    General if claims(left, General) >= 2 and count(General in ashes) + count(General in active) < General.copies;
    Assassin if claims(left, Assassin) >= 1 and count(Assassin in ashes) + count(Assassin in active) < Assassin.copies;
    Informant if claims(left, Informant) >= 1 and count(Informant in ashes) + count(Informant in active) < Informant.copies;
    Prophet if claims(left, Prophet) >= 1 and count(Prophet in ashes) + count(Prophet in active) < Prophet.copies;
    Puppeteer if claims(left, Puppeteer) >= 1 and count(Puppeteer in ashes) + count(Puppeteer in active) < Puppeteer.copies;
    Assassin;
  }
  on plunder_target { highest player.coins; }
  on spy_target { highest player.coins; }
  on meteor_first { lowest count(player.active); }
  on ashes_take { Assassin; General; Puppeteer; Saint; Informant; Prophet; }
  on ashes_return { Prophet; Informant; Saint; General; Puppeteer; Assassin; }
  on prophet_look { "Character"; }
  on attack_more { yes; }
  on build_more { yes if coins >= 10; no; }
  // A borrowed card is named in one question: the truth (the card it was just shown: `seen`) when it is
  // among the answers, else the likeliest lie.
  on puppeteer_claim {
    Assassin if count(others where count(Assassin in seen(player.active)) > 0) > 0;
    General if count(others where count(General in seen(player.active)) > 0) > 0;
    Informant if count(others where count(Informant in seen(player.active)) > 0) > 0;
    Saint if count(others where count(Saint in seen(player.active)) > 0) > 0;
    Prophet if count(others where count(Prophet in seen(player.active)) > 0) > 0;
    Assassin; General; Informant; Saint; Prophet;
  }
}

// Honest: uses only the characters it holds, blocks only with a card it holds, and calls a claim only when it
// cannot be true: every copy of the claimed card is in the Valley of Ashes or in its own hand.
bot "honest" extends "basics" {
  on action {
    "Use a Destiny card";
    "Kingdom Attack" if coins >= 8 and count(others where player.defense <= 2) > 0;
    "Assassin" if count(Assassin in active) > 0 and coins >= 3;
    "Accuse" if coins >= 5 and claims(left, Saint) + claims(left, General) >= 3;
    "Kingdom Attack" if coins >= 8;
    "General" if count(General in active) > 0 and coins >= 2;
    "Informant" if count(Informant in active) > 0 and morale < 4;
    "Saint" if count(Saint in active) > 0 and morale < 4;
    "Puppeteer" if count(Puppeteer in active) > 0 and coins >= 3;
    "Build" if defense <= 2 and coins >= 5;
    "Draw a Destiny card" if coins >= 9 and count(destiny) < 2;
    "Prophet" if count(Prophet in active) > 0;
    "Interest";
  }
  on challenge {
    yes if count(claimed() in ashes) + count(claimed() in active) >= claimed().copies;
    yes if (claims(claimant(), Saint) > 0) + (claims(claimant(), Prophet) > 0) + (claims(claimant(), Assassin) > 0)
      + (claims(claimant(), General) > 0) + (claims(claimant(), Informant) > 0)
      + (claims(claimant(), Puppeteer) > 0) >= 4;
    yes if claims(claimant(), claimed()) >= 5;     // the same claim again and again: test it
    no;
  }
  on block {
    Saint if count(Saint in active) > 0;
    Prophet if count(Prophet in active) > 0;
    General if count(General in active) > 0;
    Informant if count(Informant in active) > 0;
    Puppeteer if count(Puppeteer in active) > 0;
    none;
  }
}

// Bluffer: claims what it does not hold when the claim is believable (few copies of the card are out in the
// Valley of Ashes), blocks the same way, lies about borrowed cards, and calls claims that the public record
// makes unlikely: most copies already out, or a card this player has never claimed before.
bot "bluffer" extends "basics" {
  on action {
    "Use a Destiny card";
    "Kingdom Attack" if coins >= 8 and count(others where player.defense <= 2) > 0;
    "Assassin" if coins >= 3 and count(Assassin in active) > 0;
    "Assassin" if coins >= 3 and count(Assassin in ashes) <= 1;
    "Accuse" if coins >= 5 and claims(left, Saint) + claims(left, General) >= 3;
    "Kingdom Attack" if coins >= 8;
    "General" if coins >= 2 and count(General in active) + count(General in ashes) > 0;
    "Informant" if morale < 4 and count(Informant in ashes) <= 2;
    "Saint" if morale < 4 and count(Saint in ashes) <= 2;
    "Puppeteer" if coins >= 3 and count(Puppeteer in ashes) <= 1;
    "Build" if defense <= 2 and coins >= 5;
    "Prophet" if count(Prophet in ashes) <= 2;
    "Interest";
  }
  on challenge {
    yes if count(claimed() in ashes) + count(claimed() in active) >= claimed().copies - 1;
    yes if claims(claimant(), claimed()) <= 1 and count(claimed() in ashes) + count(claimed() in active) >= 2
      and (claims(claimant(), Saint) > 0) + (claims(claimant(), Prophet) > 0) + (claims(claimant(), Assassin) > 0)
        + (claims(claimant(), General) > 0) + (claims(claimant(), Informant) > 0)
        + (claims(claimant(), Puppeteer) > 0) >= 3;
    yes if claims(claimant(), claimed()) >= 4;
    no;
  }
  on block {
    Saint if count(Saint in active) > 0 or count(Saint in ashes) <= 1;
    Prophet if count(Prophet in active) > 0 or count(Prophet in ashes) <= 1;
    General if count(General in active) > 0 or count(General in ashes) <= 1;
    Informant if count(Informant in active) > 0 or count(Informant in ashes) <= 1;
    Puppeteer if count(Puppeteer in active) > 0 or count(Puppeteer in ashes) <= 1;
    none;
  }
  on puppeteer_claim {                       // lies "an Assassin" while Assassins are still about
    Assassin if count(Assassin in ashes) <= 1;
    Assassin if count(others where count(Assassin in seen(player.active)) > 0) > 0;
    General if count(others where count(General in seen(player.active)) > 0) > 0;
    Informant if count(others where count(Informant in seen(player.active)) > 0) > 0;
    Saint if count(others where count(Saint in seen(player.active)) > 0) > 0;
    Prophet if count(others where count(Prophet in seen(player.active)) > 0) > 0;
    Assassin; General; Informant; Saint; Prophet;
  }
}
