Feature: Shooting the moon
  A player who takes every heart and the queen of spades in one deal turns the scoring around.
  The guides differ on how: 26 to everyone else, or the shooter's choice between that and 26 off
  the shooter's own total.

  In the shared position, after an across pass each seat holds one whole suit (seat 0 clubs,
  seat 1 diamonds, seat 2 spades, seat 3 hearts), so seat 0 leads and wins every trick.

  @id:moon-001 @area:shooting_the_moon
  Scenario Outline: Taking every point card gives the others 26 each, or lets the shooter choose
    Source: fi "Puhallus – kaikki 26 pistettä itselle" and fi-classic "Pisteenlasku": nothing for
    the shooter, 26 for each other player; se "Att ta månen": the same, with the choice as a
    common house option; no "Å «skyte månen»" and dk "At tage alt – den store gamble": the shooter
    chooses.
    Given a "<ruleset>" game for 4 players starting at deal 3
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 2S 3S 4S"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD 2H 3H 4H"
    And seat 2 holds "QC KC AC 5S 6S 7S 8S 9S TS JS QS KS AS"
    And seat 3 holds "QD KD AD 5H 6H 7H 8H 9H TH JH QH KH AH"
    When the seats pass "0:2S 3S 4S; 1:2H 3H 4H; 2:QC KC AC; 3:QD KD AD"
    And the rest of the deal is played with the lowest legal cards
    Then <outcome>

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | outcome                                        |
      | fi      | seat 0 shot the moon scored as "add_to_others" |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | outcome                                        |
      | se      | seat 0 shot the moon scored as "add_to_others" |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | outcome                                        |
      | fi-classic | seat 0 shot the moon scored as "add_to_others" |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | outcome                               |
      | no      | seat 0 is asked how to score the moon |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | outcome                               |
      | dk      | seat 0 is asked how to score the moon |

  @id:moon-002 @area:shooting_the_moon
  Scenario Outline: Where the guide adds 26 to the others, the deal scores 0 for the shooter
    Source: fi "Puhallus – kaikki 26 pistettä itselle", se "Att ta månen", fi-classic
    "Pisteenlasku".
    Given a "<ruleset>" game for 4 players starting at deal 3
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 2S 3S 4S"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD 2H 3H 4H"
    And seat 2 holds "QC KC AC 5S 6S 7S 8S 9S TS JS QS KS AS"
    And seat 3 holds "QD KD AD 5H 6H 7H 8H 9H TH JH QH KH AH"
    When the seats pass "0:2S 3S 4S; 1:2H 3H 4H; 2:QC KC AC; 3:QD KD AD"
    And the rest of the deal is played with the lowest legal cards
    Then the deal scores "0 26 26 26"
    And the totals are "0 26 26 26"
    And choosing "subtract_from_self" by seat 0 is refused with "wrong_phase"

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset |
      | fi      |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset |
      | se      |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    |
      | fi-classic |

  @id:moon-003 @area:shooting_the_moon
  Scenario Outline: The shooter who chooses to subtract scores minus 26
    Source: no "Å «skyte månen»" and dk "At tage alt – den store gamble" give the shooter the
    choice; fi "Puhallus – kaikki 26 pistettä itselle" and se "Att ta månen" offer it as an
    agreed option (variant moon-choice).
    Given a "<ruleset>" game for 4 players starting at deal 3<with>
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 2S 3S 4S"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD 2H 3H 4H"
    And seat 2 holds "QC KC AC 5S 6S 7S 8S 9S TS JS QS KS AS"
    And seat 3 holds "QD KD AD 5H 6H 7H 8H 9H TH JH QH KH AH"
    When the seats pass "0:2S 3S 4S; 1:2H 3H 4H; 2:QC KC AC; 3:QD KD AD"
    And the rest of the deal is played with the lowest legal cards
    And seat 0 chooses "subtract_from_self"
    Then the deal scores "-26 0 0 0"
    And seat 0 shot the moon scored as "subtract_from_self"

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | with |
      | no      |      |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | with |
      | dk      |      |

    @ruleset:fi @players:4 @variant:moon-choice
    Examples: fi with the shooter's choice
      | ruleset | with                           |
      | fi      |  with variants "moon-choice" |

    @ruleset:se @players:4 @variant:moon-choice
    Examples: se with the shooter's choice
      | ruleset | with                           |
      | se      |  with variants "moon-choice" |

  @id:moon-004 @area:shooting_the_moon
  Scenario Outline: The shooter who chooses to add gives every other player 26
    Source: no "Å «skyte månen»" and dk "At tage alt – den store gamble" (as moon-003).
    Given a "<ruleset>" game for 4 players starting at deal 3
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 2S 3S 4S"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD 2H 3H 4H"
    And seat 2 holds "QC KC AC 5S 6S 7S 8S 9S TS JS QS KS AS"
    And seat 3 holds "QD KD AD 5H 6H 7H 8H 9H TH JH QH KH AH"
    When the seats pass "0:2S 3S 4S; 1:2H 3H 4H; 2:QC KC AC; 3:QD KD AD"
    And the rest of the deal is played with the lowest legal cards
    And seat 0 chooses "add_to_others"
    Then the deal scores "0 26 26 26"
    And the totals are "<totals>"

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | totals     |
      | no      | 0 26 26 26 |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | totals     |
      | dk      | 0 26 26 26 |

  @id:moon-005 @area:shooting_the_moon
  Scenario Outline: Only the shooter chooses how the moon scores
    Source: no "Å «skyte månen»" and dk "At tage alt – den store gamble": the choice belongs to the player who took everything.
    Given a "<ruleset>" game for 4 players starting at deal 3
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 2S 3S 4S"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD 2H 3H 4H"
    And seat 2 holds "QC KC AC 5S 6S 7S 8S 9S TS JS QS KS AS"
    And seat 3 holds "QD KD AD 5H 6H 7H 8H 9H TH JH QH KH AH"
    When the seats pass "0:2S 3S 4S; 1:2H 3H 4H; 2:QC KC AC; 3:QD KD AD"
    And the rest of the deal is played with the lowest legal cards
    Then choosing "add_to_others" by seat 1 is refused with "not_your_turn"
    And playing "2C" by seat 0 is refused with "wrong_phase"

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset |
      | no      |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset |
      | dk      |

  @id:moon-006 @area:shooting_the_moon
  Scenario Outline: Missing a single heart is no moon: the points stay where they fell
    Source: se "Att ta månen" (one lost card leaves the would-be shooter with 25), no "Å «skyte
    månen»" and dk "At tage alt – den store gamble" (one heart taken by another spoils it), fi
    "Puhallus – kaikki 26 pistettä itselle", fi-classic "Pisteenlasku" (all point cards needed).
    Given a "<ruleset>" game for 4 players starting at deal 3
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC AD 2S 3S 4S"
    And seat 1 holds "AC 2D 3D 4D 5D 6D 7D 8D 9D TD 2H 3H 4H"
    And seat 2 holds "JC QC KC 5S 6S 7S 8S 9S TS JS QS KS AS"
    And seat 3 holds "JD QD KD 5H 6H 7H 8H 9H TH JH QH KH AH"
    When the seats pass "0:2S 3S 4S; 1:2H 3H 4H; 2:JC QC KC; 3:JD QD KD"
    And the rest of the deal is played with the lowest legal cards
    Then the deal scores "25 1 0 0"
    And no moon is scored

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset |
      | fi      |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset |
      | se      |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    |
      | fi-classic |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset |
      | no      |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset |
      | dk      |

  @id:moon-007 @area:shooting_the_moon
  Scenario Outline: A moon late in the game adds to the totals the game already has
    Source: as moon-001; se "Att ta månen" notes the subtracting option matters late in a game.
    Given a "<ruleset>" game for 4 players starting at deal 3 with totals "40 10 20 30"
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 2S 3S 4S"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD 2H 3H 4H"
    And seat 2 holds "QC KC AC 5S 6S 7S 8S 9S TS JS QS KS AS"
    And seat 3 holds "QD KD AD 5H 6H 7H 8H 9H TH JH QH KH AH"
    When the seats pass "0:2S 3S 4S; 1:2H 3H 4H; 2:QC KC AC; 3:QD KD AD"
    And the rest of the deal is played with the lowest legal cards
    Then the deal scores "0 26 26 26"
    And the totals are "40 36 46 56"

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset |
      | fi      |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset |
      | se      |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    |
      | fi-classic |
