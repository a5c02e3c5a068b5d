Feature: Passing cards
  Before play each player passes three cards, all at once, in a direction that cycles with the
  deal number; some deals keep their hands. The cycle differs by guide and by table size.

  @id:pass-001 @area:passing
  Scenario Outline: The deal number decides the pass direction
    Source: fi "Kolmen kortin vaihto", no "Utdeling og kortbytte", dk "Kortbyttet før hver runde"
    (with its closing questions), se "Passningen" and "Hjärter för tre, fem och sex spelare",
    fi-classic "Pelin valmistelu" (left, right, across, then left again with no hold deal). The
    fi, no and dk cycles at three, five and six players are interpretations recorded in the
    rulesets (pass-006 pins the four-deal cycle at three and five players).
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And the other cards are dealt in deck order
    Then the pass direction is "<direction>"
    And the phase is "<phase>"

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | players | deal | direction | phase   |
      | fi      | 4       | 1    | left      | passing |
      | fi      | 4       | 2    | right     | passing |
      | fi      | 4       | 3    | across    | passing |
      | fi      | 4       | 4    | none      | playing |
      | fi      | 4       | 5    | left      | passing |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | players | deal | direction | phase   |
      | no      | 4       | 1    | left      | passing |
      | no      | 4       | 2    | right     | passing |
      | no      | 4       | 3    | across    | passing |
      | no      | 4       | 4    | none      | playing |
      | no      | 4       | 8    | none      | playing |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | players | deal | direction | phase   |
      | dk      | 4       | 1    | left      | passing |
      | dk      | 4       | 2    | right     | passing |
      | dk      | 4       | 3    | across    | passing |
      | dk      | 4       | 4    | none      | playing |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | players | deal | direction | phase   |
      | se      | 4       | 1    | left      | passing |
      | se      | 4       | 2    | right     | passing |
      | se      | 4       | 3    | across    | passing |
      | se      | 4       | 4    | none      | playing |
      | se      | 4       | 5    | left      | passing |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players | deal | direction | phase   |
      | se      | 3       | 1    | left      | passing |
      | se      | 3       | 2    | right     | passing |
      | se      | 3       | 3    | none      | playing |
      | se      | 3       | 4    | left      | passing |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal | direction | phase   |
      | se      | 5       | 1    | left      | passing |
      | se      | 5       | 2    | right     | passing |
      | se      | 5       | 3    | left2     | passing |
      | se      | 5       | 4    | right2    | passing |
      | se      | 5       | 5    | none      | playing |
      | se      | 5       | 6    | left      | passing |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | direction | phase   |
      | se      | 6       | 3    | across    | passing |
      | se      | 6       | 4    | none      | playing |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | players | deal | direction | phase   |
      | fi-classic | 4       | 1    | left      | passing |
      | fi-classic | 4       | 2    | right     | passing |
      | fi-classic | 4       | 3    | across    | passing |
      | fi-classic | 4       | 4    | left      | passing |

    @ruleset:fi @players:3
    Examples: fi 3 players
      | ruleset | players | deal | direction | phase   |
      | fi      | 3       | 3    | none      | playing |

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | direction | phase   |
      | fi      | 5       | 2    | right     | passing |

    @ruleset:fi @players:6
    Examples: fi 6 players
      | ruleset | players | deal | direction | phase   |
      | fi      | 6       | 3    | across    | passing |

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | deal | direction | phase   |
      | no      | 3       | 3    | none      | playing |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | direction | phase   |
      | no      | 5       | 3    | none      | playing |

    @ruleset:no @players:6
    Examples: no 6 players
      | ruleset | players | deal | direction | phase   |
      | no      | 6       | 3    | across    | passing |

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | direction | phase   |
      | dk      | 3       | 2    | right     | passing |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | direction | phase   |
      | dk      | 5       | 3    | none      | playing |

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | deal | direction | phase   |
      | dk      | 6       | 3    | across    | passing |

  @id:pass-002 @area:passing
  Scenario Outline: Passed cards reach the seat the direction names
    Source: fi "Kolmen kortin vaihto", no "Utdeling og kortbytte", dk "Kortbyttet før hver runde",
    se "Passningen", fi-classic "Pelin valmistelu" (as pass-001); left is the next seat clockwise, right the previous one, across the seat
    half the table away, and at five players left2 and right2 skip one seat.
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And seat 0 holds "2H 3H 4H"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    Then seat <to> receives "2H 3H 4H" from seat 0
    And seat <to> still holds "2H 3H 4H"

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | players | deal | to |
      | fi      | 4       | 1    | 1  |
      | fi      | 4       | 2    | 3  |
      | fi      | 4       | 3    | 2  |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | players | deal | to |
      | no      | 4       | 1    | 1  |
      | no      | 4       | 2    | 3  |
      | no      | 4       | 3    | 2  |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | players | deal | to |
      | dk      | 4       | 1    | 1  |
      | dk      | 4       | 2    | 3  |
      | dk      | 4       | 3    | 2  |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | players | deal | to |
      | se      | 4       | 1    | 1  |
      | se      | 4       | 2    | 3  |
      | se      | 4       | 3    | 2  |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players | deal | to |
      | se      | 3       | 1    | 1  |
      | se      | 3       | 2    | 2  |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal | to |
      | se      | 5       | 3    | 2  |
      | se      | 5       | 4    | 3  |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | players | deal | to |
      | fi-classic | 4       | 1    | 1  |
      | fi-classic | 4       | 2    | 3  |
      | fi-classic | 4       | 3    | 2  |
      | fi-classic | 4       | 4    | 1  |

    @ruleset:fi @players:3
    Examples: fi 3 players
      | ruleset | players | deal | to |
      | fi      | 3       | 1    | 1  |

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | to |
      | fi      | 5       | 2    | 4  |

    @ruleset:fi @players:6
    Examples: fi 6 players
      | ruleset | players | deal | to |
      | fi      | 6       | 3    | 3  |

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | deal | to |
      | no      | 3       | 2    | 2  |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | to |
      | no      | 5       | 1    | 1  |

    @ruleset:no @players:6
    Examples: no 6 players
      | ruleset | players | deal | to |
      | no      | 6       | 3    | 3  |

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | to |
      | dk      | 3       | 1    | 1  |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | to |
      | dk      | 5       | 2    | 4  |

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | deal | to |
      | dk      | 6       | 3    | 3  |

  @id:pass-003 @area:passing
  Scenario Outline: Passes are simultaneous: nothing moves until the last seat has passed
    Source: fi "Kolmen kortin vaihto", no "Utdeling og kortbytte", se "Passningen" and fi-classic
    "Pelin valmistelu": everyone gives their cards before seeing what they receive.
    Given a "<ruleset>" game for 4 players
    And seat 0 holds "2H 3H 4H"
    And the other cards are dealt in deck order
    When seat 0 passes "2H 3H 4H"
    And seat 2 passes "<two>"
    Then the phase is "passing"
    And seat 1 holds 13 cards
    And playing "2C" by seat 1 is refused with "wrong_phase"
    And passing "<two>" by seat 2 is refused with "already_passed"

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | two      |
      | fi      | 4C 8C QC |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | two      |
      | no      | 4C 8C QC |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | two      |
      | dk      | 4C 8C QC |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | two      |
      | se      | 4C 8C QC |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | two      |
      | fi-classic | 4C 8C QC |

  @id:pass-004 @area:passing
  Scenario Outline: A pass of the wrong size, or of a card not held, is refused
    Source: every guide passes exactly three cards (fi "Kolmen kortin vaihto", no "Utdeling og
    kortbytte", dk "Kortbyttet før hver runde", se "Passningen", fi-classic "Pelin valmistelu").
    Given a "<ruleset>" game for <players> players
    And seat 0 holds "2H 3H 4H 5H"
    And the other cards are dealt in deck order
    Then passing "2H 3H" by seat 0 is refused with "invalid_pass"
    And passing "2H 3H 4H 5H" by seat 0 is refused with "invalid_pass"
    And passing "2H 3H AS" by seat 0 is refused with "card_not_in_hand"

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | players |
      | fi      | 4       |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | players |
      | no      | 4       |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | players |
      | dk      | 4       |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | players |
      | se      | 4       |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | players |
      | fi-classic | 4       |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players |
      | se      | 3       |

    @ruleset:fi @players:6
    Examples: fi 6 players
      | ruleset | players |
      | fi      | 6       |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players |
      | dk      | 5       |

  @id:pass-005 @area:passing
  Scenario Outline: On a deal without passing a pass is refused and play starts at once
    Source: fi "Kolmen kortin vaihto", no "Utdeling og kortbytte", dk "Kortbyttet før hver runde"
    (the hold deal), se "Passningen".
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And seat 0 holds "2H 3H 4H"
    And the other cards are dealt in deck order
    Then passing "2H 3H 4H" by seat 0 is refused with "wrong_phase"

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | players | deal |
      | fi      | 4       | 4    |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | players | deal |
      | no      | 4       | 4    |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | players | deal |
      | dk      | 4       | 4    |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | players | deal |
      | se      | 4       | 4    |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players | deal |
      | se      | 3       | 3    |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal |
      | se      | 5       | 5    |

  @id:pass-006 @area:passing
  Scenario Outline: At three and five players the four-deal cycle keeps its length and its hold deal
    Source: fi "Kolmen kortin vaihto" and dk "Kortbyttet før hver runde" state a cycle of four
    deals whose fourth is played without passing, for any table; no "Slik spiller du med tre,
    fem eller seks" leaves out the across exchange where nobody sits across, inside its
    four-round pattern ("Utdeling og kortbytte"). So the third deal, whose receiver does not
    exist, is played as dealt, the fourth deal is still the hold deal, and the fifth starts the
    cycle again to the left. A three-step cycle would pass left on deal 4 and right on deal 5.
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And the other cards are dealt in deck order
    Then the pass direction is "<direction>"
    And the phase is "<phase>"

    @ruleset:fi @players:3
    Examples: fi 3 players
      | ruleset | players | deal | direction | phase   |
      | fi      | 3       | 4    | none      | playing |
      | fi      | 3       | 5    | left      | passing |

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | direction | phase   |
      | fi      | 5       | 3    | none      | playing |
      | fi      | 5       | 4    | none      | playing |
      | fi      | 5       | 6    | right     | passing |

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | deal | direction | phase   |
      | no      | 3       | 4    | none      | playing |
      | no      | 3       | 5    | left      | passing |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | direction | phase   |
      | no      | 5       | 4    | none      | playing |
      | no      | 5       | 7    | none      | playing |

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | direction | phase   |
      | dk      | 3       | 3    | none      | playing |
      | dk      | 3       | 4    | none      | playing |
      | dk      | 3       | 5    | left      | passing |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | direction | phase   |
      | dk      | 5       | 4    | none      | playing |
      | dk      | 5       | 6    | right     | passing |

  @id:pass-007 @area:passing
  Scenario Outline: At three and five players a no table may drop the across step from the cycle
    Source: no "Slik spiller du med tre, fem eller seks" skips the across exchange where nobody
    sits across. The no ruleset keeps the four-round pattern of "Utdeling og kortbytte" by default
    (pass-006) and offers the other reading, the step taken out of the pattern, as the option
    pass_cycle=left,right,none (an interpretation): then the fourth deal passes left again and the
    fifth to the right.
    Given a "no" game for <players> players starting at deal <deal> with options "pass_cycle=left,right,none"
    And the other cards are dealt in deck order
    Then the pass direction is "<direction>"
    And the phase is "<phase>"

    @ruleset:no @players:3
    Examples: no 3 players
      | players | deal | direction | phase   |
      | 3       | 3    | none      | playing |
      | 3       | 4    | left      | passing |
      | 3       | 5    | right     | passing |

    @ruleset:no @players:5
    Examples: no 5 players
      | players | deal | direction | phase   |
      | 5       | 3    | none      | playing |
      | 5       | 4    | left      | passing |

  @id:pass-020 @area:passing
  Scenario Outline: Everyone passes again in the next deal, the way the cycle turns
    Source: fi "Kolmen kortin vaihto", no "Utdeling og kortbytte", dk "Kortbyttet før hver runde",
    se "Passningen" and fi-classic "Pelin valmistelu" (as pass-001): a pass at the start of every
    deal, to the left in the first and to the right in the second. Both deals are in deck order,
    so seat 1 passes the three, seven and jack of clubs, its first three cards.
    Given a "<ruleset>" game for 4 players
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the rest of the deal is played with the lowest legal cards
    And the next deal is dealt in deck order
    Then the pass direction is "right"
    When each seat passes the first 3 cards it was dealt
    Then seat 0 receives "3C 7C JC" from seat 1

    @ruleset:fi @players:4
    Examples: fi
      | ruleset |
      | fi      |

    @ruleset:no @players:4
    Examples: no
      | ruleset |
      | no      |

    @ruleset:dk @players:4
    Examples: dk
      | ruleset |
      | dk      |

    @ruleset:se @players:4
    Examples: se
      | ruleset |
      | se      |

    @ruleset:fi-classic @players:4
    Examples: fi-classic
      | ruleset    |
      | fi-classic |
