// A bot that tries the expansion's Tax Collector against big-money.
bot "tax-bm" extends "big-money" {
  on play_action { "Tax Collector"; none; }
  on pay_tax { lowest card.worth; }
  on buy {
    Province if coins >= 8;
    Gold if coins >= 6;
    "Tax Collector" if coins >= 4 and count("Tax Collector" in owned) < 1;
    Silver if coins >= 3;
    none;
  }
}
