Feature: Variants
  House rules the guides describe, each a variant in spec/variants applied on top of a ruleset.
  Most outlines reuse the scoring feature's deal (its hands written out, no passing, lowest
  legal cards); without variants it scores 3, 10, 13 and 0, seat 0 takes the jack and the ten
  of diamonds and seat 2 the queen of spades.

  @id:var-001 @area:variants
  Scenario Outline: Bonus and changed card values
    Source: fi "Ruutujätkä (−10 pistettä)", no its section on three to six players and dk
    "Varianter" (Omnibus: jack of diamonds minus 10); fi "Ruutujätkä (−10 pistettä)" and
    fi-classic "Variaatioita" (the ten of diamonds as a ten-point bonus); fi "Ilman patarouvaa"
    and fi-classic "Variaatioita" (no queen); fi "Porrastetut pisteet" and fi-classic
    "Variaatioita" (hearts at pip value, queen 60; graduated hearts; graduated spades); dk
    "Varianter" (Spot Hearts: pip hearts, queen 25).
    Given a "<ruleset>" game for 4 players at a deal without passing with variants "<variant>"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scores "<points>"

    @ruleset:fi @players:4 @variant:omnibus-jd
    Examples: fi omnibus-jd
      | ruleset | variant    | points     |
      | fi      | omnibus-jd | -7 10 13 0 |

    @ruleset:no @players:4 @variant:omnibus-jd
    Examples: no omnibus-jd
      | ruleset | variant    | points     |
      | no      | omnibus-jd | -7 10 13 0 |

    @ruleset:dk @players:4 @variant:omnibus-jd
    Examples: dk omnibus-jd
      | ruleset | variant    | points     |
      | dk      | omnibus-jd | -7 10 13 0 |

    @ruleset:fi @players:4 @variant:omnibus-td
    Examples: fi omnibus-td
      | ruleset | variant    | points     |
      | fi      | omnibus-td | -7 10 13 0 |

    @ruleset:fi-classic @players:4 @variant:omnibus-td
    Examples: fi-classic omnibus-td
      | ruleset    | variant    | points     |
      | fi-classic | omnibus-td | -7 10 13 0 |

    @ruleset:fi @players:4 @variant:no-queen
    Examples: fi no-queen
      | ruleset | variant  | points   |
      | fi      | no-queen | 3 10 0 0 |

    @ruleset:fi-classic @players:4 @variant:no-queen
    Examples: fi-classic no-queen
      | ruleset    | variant  | points   |
      | fi-classic | no-queen | 3 10 0 0 |

    @ruleset:fi @players:4 @variant:pip-hearts
    Examples: fi pip-hearts
      | ruleset | variant    | points     |
      | fi      | pip-hearts | 10 94 60 0 |

    @ruleset:fi-classic @players:4 @variant:pip-hearts
    Examples: fi-classic pip-hearts
      | ruleset    | variant    | points     |
      | fi-classic | pip-hearts | 10 94 60 0 |

    @ruleset:fi @players:4 @variant:graduated-hearts
    Examples: fi graduated-hearts
      | ruleset | variant          | points    |
      | fi      | graduated-hearts | 3 16 13 0 |

    @ruleset:fi @players:4 @variant:graduated-spades
    Examples: fi graduated-spades
      | ruleset | variant          | points    |
      | fi      | graduated-spades | 3 14 14 0 |

    @ruleset:dk @players:4 @variant:spot
    Examples: dk spot
      | ruleset | variant | points     |
      | dk      | spot    | 10 94 25 0 |

  @id:var-002 @area:variants @depends:shooting_the_moon
  Scenario Outline: With the Omnibus jack, a moon may need the jack too
    Source: dk "Varianter" (the moon needs the jack of diamonds as well), fi "Ruutujätkä (−10
    pistettä)" (the jack is often required too; the fi variant requires it); no its section on three to six players does not ask for it. Seat 1 takes the jack on the first trick and
    seat 0 takes every heart and the queen afterwards.
    Given a "<ruleset>" game for 4 players starting at deal 4 with variants "omnibus-jd"
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD"
    And seat 1 holds "AC 2D 3D 4D 5D 6D 7D 8D 9D TD QD KD 2S"
    And seat 2 holds "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS AH"
    And seat 3 holds "JD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    When the cards are played "2C AC 3S JD"
    And the rest of the deal is played with the lowest legal cards
    Then <outcome>

    @ruleset:fi @players:4 @variant:omnibus-jd
    Examples: fi omnibus-jd
      | ruleset | variant    | outcome                      |
      | fi      | omnibus-jd | the deal scores "26 -10 0 0" |

    @ruleset:dk @players:4 @variant:omnibus-jd
    Examples: dk omnibus-jd
      | ruleset | variant    | outcome                      |
      | dk      | omnibus-jd | the deal scores "26 -10 0 0" |

    @ruleset:no @players:4 @variant:omnibus-jd
    Examples: no omnibus-jd
      | ruleset | variant    | outcome                               |
      | no      | omnibus-jd | seat 0 is asked how to score the moon |

  @id:var-003 @area:variants
  Scenario Outline: Partners across the table add their points together
    Source: fi "Paripeli": four players in two pairs, partners sitting opposite, scores summed.
    Given a "<ruleset>" game for 4 players at a deal without passing with variants "<variant>"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scores "3 10 13 0"
    And the team totals are "16 10"

    @ruleset:fi @players:4 @variant:partnership
    Examples: fi partnership
      | ruleset | variant     |
      | fi      | partnership |

  @id:var-015 @area:variants @depends:shooting_the_moon
  Scenario Outline: In partnerships the shooter's partner scores the moon's 26 unless the table spares the partner
    Source: fi "Paripeli" only adds a pair's points together, and fi "Puhallus – kaikki 26
    pistettä itselle" scores 26 for every other player, so the partner, one of the others, scores
    them too (an interpretation, moon.partner); a table that lets the moon hit only the opposing
    pair sets moon_partner=spared. The position is moon-001's: seat 0 holds every club and wins
    every trick; its partner is seat 2.
    Given a "fi" game for 4 players at a deal without passing with variants "partnership" <options>
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H"
    And seat 3 holds "9S TS JS QS KS AS 8H 9H TH JH QH KH AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scores "<points>"
    And the team totals are "<teams>"

    @ruleset:fi @players:4 @variant:partnership
    Examples: fi partnership
      | options                            | points     | teams |
      |                                    | 0 26 26 26 | 26 52 |
      | with options "moon_partner=spared" | 0 26 0 26  | 0 52  |

  @id:var-016 @area:variants @depends:game_end_and_ties
  Scenario Outline: In partnerships the pair's summed total is checked against the target
    Source: fi "Paripeli" adds a pair's points together, and the fi ruleset reads the target of fi
    "Pistekortit ja pisteenlasku" (over 100 ends the game) against that sum (an interpretation,
    scoring_unit.target_total): seats 0 and 2 end on 53 each, no player over 100 on their own,
    but their pair on 106, so the game ends and the other pair (seats 1 and 3, 10) wins. The
    position is var-003's (the deal scores 3 10 13 0).
    Given a "fi" game for 4 players at a deal without passing with variants "partnership" with totals "<before>"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the team totals are "<teams>"
    And <outcome>

    @ruleset:fi @players:4 @variant:partnership
    Examples: fi partnership
      | before    | teams  | outcome                             |
      | 50 0 40 0 | 106 10 | the game is over with winners "1 3" |
      | 50 0 37 0 | 103 10 | the game is over with winners "1 3" |
      | 44 0 40 0 | 100 10 | the game is not over                |

  @id:var-004 @area:variants
  Scenario Outline: Without passing every deal starts with play
    Source: fi "Ilman vaihtoa" and fi-classic "Variaatioita": no cards are passed.
    Given a "<ruleset>" game for 4 players starting at deal <deal> with variants "<variant>"
    And seat 0 holds "2H 3H 4H"
    And the other cards are dealt in deck order
    Then the phase is "playing"
    And passing "2H 3H 4H" by seat 0 is refused with "wrong_phase"

    @ruleset:fi @players:4 @variant:no-passing
    Examples: fi no-passing
      | ruleset | variant    | deal |
      | fi      | no-passing | 1    |
      | fi      | no-passing | 3    |

    @ruleset:fi-classic @players:4 @variant:no-passing
    Examples: fi-classic no-passing
      | ruleset    | variant    | deal |
      | fi-classic | no-passing | 1    |
      | fi-classic | no-passing | 2    |

  @id:var-005 @area:variants @depends:passing
  Scenario Outline: Always passing to the left
    Source: fi-classic "Variaatioita": cards always go to the player on the left.
    Given a "<ruleset>" game for 4 players starting at deal <deal> with variants "<variant>"
    And the other cards are dealt in deck order
    Then the pass direction is "left"

    @ruleset:fi-classic @players:4 @variant:pass-left
    Examples: fi-classic pass-left
      | ruleset    | variant   | deal |
      | fi-classic | pass-left | 2    |
      | fi-classic | pass-left | 3    |

  @id:var-006 @area:variants
  Scenario Outline: The player left of the dealer opens with any card that is not a point card
    Source: fi-classic "Variaatioita": the first trick is led by the player after the dealer,
    with any card that carries no points.
    Given a "<ruleset>" game for 4 players at a deal without passing with dealer <dealer> with variants "<variant>"
    And seat 0 holds "5C 9C KC AC 8D QD 4H 8H QH 2S 5S 8S JS"
    And seat 1 holds "2C 3C 6C 7C TC JC 2D 9D KD 2H 5H 9H QS"
    And seat 2 holds "3D 4D 5D 6D TD AD 6H TH KH 3S 6S 9S KS"
    And seat 3 holds "4C 8C QC 7D JD 3H 7H JH AH 4S 7S TS AS"
    And the other cards are dealt in deck order
    And seat <leader> holds "4D 5D 6D QS 2H"
    Then it is seat <leader>'s turn
    And seat <leader> may not play "QS 2H"
    And playing "<opening>" by seat <leader> is accepted

    @ruleset:fi-classic @players:4 @variant:open-any
    Examples: fi-classic open-any
      | ruleset    | variant  | dealer | leader | opening |
      | fi-classic | open-any | 0      | 1      | 7C      |

  @id:var-007 @area:variants
  Scenario Outline: The Swedish queen exception: hearts plus the queen may lead a heart
    Source: se "Att bryta hjärter": many tables let a hand of hearts and the queen of spades lead a
    heart instead of being forced to lead the queen; without that agreement only a hand of hearts
    alone may. Seat 1 wins the second trick holding nothing but hearts and the queen.
    Given a "se" game for 4 players at a deal without passing<with>
    And seat 0 holds "4C 7C TC KC AC 2D 7D TD 5S 8S JS KS AS"
    And seat 1 holds "KD AD 2H 3H 4H 5H 6H 7H 8H TH JH QH QS"
    And seat 2 holds "2C 5C 8C JC 3D 5D 8D JD 9H KH AH 7S TS"
    And seat 3 holds "3C 6C 9C QC 4D 6D 9D QD 2S 3S 4S 6S 9S"
    And the other cards are dealt in deck order
    When the cards are played "2C 3C AC KD | 2D AD 3D 4D"
    Then playing "2H" by seat 1 is <verdict>

    @ruleset:se @players:4 @variant:qs-lead-exception
    Examples: se with the queen exception
      | with                                  | verdict  |
      |  with variants "qs-lead-exception"   | accepted |

    @ruleset:se @players:4
    Examples: se without it
      | with | verdict                           |
      |      | refused with "hearts_not_broken"  |

  @id:var-008 @area:variants @depends:passing
  Scenario Outline: Black Maria: three players, no two of clubs, always passing the same way
    Source: dk "Varianter" (Black Maria: three players, two of clubs out, 17 cards each, the pass
    always goes the same way, no limit on leading hearts).
    Given a "dk" game for 3 players starting at deal <deal> with variants "black-maria"
    And the other cards are dealt in deck order
    Then the pass direction is "<direction>"
    And seat 0 holds 17 cards

    @ruleset:dk @players:3 @variant:black-maria
    Examples: dk black-maria
      | deal | direction |
      | 1    | right     |
      | 2    | right     |
      | 3    | right     |

  @id:var-009 @area:variants @ruleset:dk @players:3 @variant:black-maria @depends:passing
  Scenario: Black Maria lets hearts lead before they are broken
    Source: dk "Varianter" (Black Maria has no limit on leading hearts). Seat 1 wins the first
    trick with the ace of clubs and leads a heart at once.
    Given a "dk" game for 3 players with variants "black-maria"
    And seat 0 holds "2D 4D 5D 3C"
    And seat 1 holds "6D 7D 8D AC 4H 5H"
    And the other cards are dealt in deck order
    When the seats pass "0:2D 4D 5D; 1:6D 7D 8D; 2:9D QD 3S"
    And the cards are played "3C AC"
    And the rest of the trick is played with the lowest legal cards
    Then seat 1 wins the trick
    And hearts are not broken
    And seat 1 may play "4H 5H"

  @id:var-010 @area:variants @depends:game_end_and_ties
  Scenario Outline: Spot Hearts plays to 500
    Source: dk "Varianter" (Spot Hearts is usually played to 500 because the numbers are larger).
    Given a "dk" game for 4 players at a deal without passing with variants "spot" with totals "<before>"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the totals are "<after>"
    And <outcome>

    @ruleset:dk @players:4 @variant:spot
    Examples: dk spot
      | before        | after           | outcome                          |
      | 0 300 0 0     | 10 394 25 0     | the game is not over             |
      | 0 406 0 0     | 10 500 25 0     | the game is over with winner "3" |

  @id:var-011 @area:variants
  Scenario Outline: Variants that do not fit the ruleset, the table or each other are refused
    Source: fi "Ruutujätkä (−10 pistettä)" offers the jack of diamonds and the ten of diamonds as
    alternatives, not together; fi "Paripeli" pairs four players; dk "Varianter" gives Black Maria
    for three players and Spot Hearts as a Danish variant.
    When a new game is requested for "<ruleset>" with <players> players with variants "<variants>"
    Then the response is an error "invalid_game"

    @ruleset:fi @players:4 @variant:omnibus-jd @variant:omnibus-td
    Examples: fi with both diamond bonuses
      | ruleset | players | variants              |
      | fi      | 4       | omnibus-jd omnibus-td |

    @ruleset:fi @players:4 @variant:spot
    Examples: fi with the Danish spot scoring
      | ruleset | players | variants |
      | fi      | 4       | spot     |

    @ruleset:fi @players:6 @variant:partnership
    Examples: fi partnership at six
      | ruleset | players | variants    |
      | fi      | 6       | partnership |

    @ruleset:dk @players:4 @variant:black-maria
    Examples: dk black maria at four
      | ruleset | players | variants    |
      | dk      | 4       | black-maria |

  @id:var-012 @area:variants @depends:shooting_the_moon
  Scenario Outline: A bonus card taken with the moon adds nothing where the guide leaves the shooter on zero
    Source: fi "Puhallus – kaikki 26 pistettä itselle" (the shooter gets no points at all) with
    fi "Ruutujätkä (−10 pistettä)" (the jack, or internationally the ten, of diamonds as a bonus);
    fi-classic "Pisteenlasku" (the shooter scores zero) with its "Variaatioita" (the ten of
    diamonds). Seat 0 holds every club, leads and wins every trick, so it takes every heart, the
    queen and the bonus card. Keeping the bonus would score the shooter minus 10.
    Given a "<ruleset>" game for 4 players at a deal without passing with variants "<variant>"
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H"
    And seat 3 holds "9S TS JS QS KS AS 8H 9H TH JH QH KH AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scores "0 26 26 26"

    @ruleset:fi @players:4 @variant:omnibus-jd
    Examples: fi omnibus-jd
      | ruleset | variant    |
      | fi      | omnibus-jd |

    @ruleset:fi @players:4 @variant:omnibus-td
    Examples: fi omnibus-td
      | ruleset | variant    |
      | fi      | omnibus-td |

    @ruleset:fi-classic @players:4 @variant:omnibus-td
    Examples: fi-classic omnibus-td
      | ruleset    | variant    |
      | fi-classic | omnibus-td |

  @id:var-013 @area:variants @depends:shooting_the_moon
  Scenario Outline: With the Omnibus jack and the shooter's choice, dk's moon ends on zero or minus 26 while no keeps the jack
    Source: dk "At tage alt – den store gamble" (the shooter goes to zero or to minus 26) with dk
    "Varianter" (the jack is one of the cards the moon needs), so the jack adds nothing to the
    moon; no "Å «skyte månen»" turns round only the 26 penalty points, and its Omnibus jack (its
    section on three to six players) takes 10 off whoever takes it, shooter or not. Same deal as
    var-012: seat 0 takes every card.
    Given a "<ruleset>" game for 4 players at a deal without passing with variants "omnibus-jd"
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H"
    And seat 3 holds "9S TS JS QS KS AS 8H 9H TH JH QH KH AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    And seat 0 chooses "<choice>"
    Then the deal scores "<points>"

    @ruleset:dk @players:4 @variant:omnibus-jd
    Examples: dk omnibus-jd
      | ruleset | choice             | points      |
      | dk      | add_to_others      | 0 26 26 26  |
      | dk      | subtract_from_self | -26 0 0 0   |

    @ruleset:no @players:4 @variant:omnibus-jd
    Examples: no omnibus-jd
      | ruleset | choice             | points        |
      | no      | add_to_others      | -10 26 26 26  |
      | no      | subtract_from_self | -36 0 0 0     |

  @id:var-014 @area:variants @ruleset:fi @players:4 @variant:omnibus-jd @depends:shooting_the_moon
  Scenario: A fi table may play the Omnibus moon without the jack
    Source: fi "Ruutujätkä (−10 pistettä)": the moon often, not always, needs the jack as well, so
    the requirement is a table option (moon_also_requires, default [JD], as var-002 shows). The
    deal of var-002: seat 1 takes the jack on the first trick and seat 0 every heart and the queen;
    without the jack requirement that is a moon, and seat 1 still deducts its 10.
    Given a "fi" game for 4 players starting at deal 4 with variants "omnibus-jd" with options "moon_also_requires=[]"
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AD"
    And seat 1 holds "AC 2D 3D 4D 5D 6D 7D 8D 9D TD QD KD 2S"
    And seat 2 holds "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS AH"
    And seat 3 holds "JD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    When the cards are played "2C AC 3S JD"
    And the rest of the deal is played with the lowest legal cards
    Then the deal scores "0 16 26 26"
