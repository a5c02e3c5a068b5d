Feature: Shooting the moon
  A player who takes every heart and the queen of spades in one deal turns the scoring around.
  The guides differ on how: 26 to everyone else, or the shooter's choice between that and 26 off
  the shooter's own total.

  The four-player positions are dealt without passing. Seat 0 holds every club, so it leads and
  wins every trick, and the play does not depend on who may follow what. moon-001 gives every
  other seat one whole suit (seat 3 only hearts: the first trick forces a point card from it);
  the others swap a heart and a diamond between seats 1 and 3, and some also move the queen of
  spades to seat 1, so they do not hinge on that first-trick case.

  @id:moon-001 @area:shooting_the_moon
  Scenario Outline: Taking every point card gives the others 26 each, or lets the shooter choose
    Source: fi "Puhallus – kaikki 26 pistettä itselle" and fi-classic "Pisteenlasku": nothing for
    the shooter, 26 for each other player; se "Att ta månen": the same, with the choice as a
    common house option; no "Å «skyte månen»" and dk "At tage alt – den store gamble": the shooter
    chooses.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H"
    And seat 3 holds "9S TS JS QS KS AS 8H 9H TH JH QH KH AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
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
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2H"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    And seat 3 holds "AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
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
    Given a "<ruleset>" game for 4 players at a deal without passing<with>
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2H QS"
    And seat 2 holds "2D 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS"
    And seat 3 holds "AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
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
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2H"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    And seat 3 holds "AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
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
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2H QS"
    And seat 2 holds "2D 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS"
    And seat 3 holds "AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
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
    Seat 1 wins the opening trick with the ace of clubs and the next with the four of diamonds,
    on which seat 3, out of diamonds, throws the three of hearts; seat 1 then leads the two of
    hearts under seat 0's ace, and seat 0 wins every trick after with its clubs. No seat holds
    only point cards at the first trick.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AH"
    And seat 1 holds "AC 2H 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    And seat 2 holds "2D 3D 3S 4S 5S 6S 7S 8S 4H 5H 6H 7H 8H"
    And seat 3 holds "2S 3H 9S TS JS QS KS AS 9H TH JH QH KH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
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
    Given a "<ruleset>" game for 4 players at a deal without passing with totals "40 10 20 30"
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2H"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    And seat 3 holds "AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
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

  @id:moon-008 @area:shooting_the_moon
  Scenario Outline: At three, five and six players a seat that wins every trick has shot the moon
    Source: fi "Puhallus – kaikki 26 pistettä itselle", se "Att ta månen", no "Å «skyte månen»" and
    dk "At tage alt – den store gamble" define the moon without a table size; fi "Valmistelu eri
    pelaajamäärillä", se "Hjärter för tre, fem och sex spelare", no "Slik spiller du med tre, fem
    eller seks" and dk "Er I ikke fire?" only change the deck. Every position is a deal
    without passing in which seat 0 holds the highest clubs (at three players also the five highest
    spades), so its lowest club beats every club the others play to the opening trick and it leads
    and wins every trick after: every heart and the queen of spades end in its tricks. At se six
    players the deck has no 2H, so twelve hearts and the queen are all the points there are (the se
    ruleset reads the moon as every point card, an interpretation). In dk the leftover cards lie in
    the kitty, which seat 0 takes with the first trick (at six players the kitty holds JS QS KS AS,
    the queen included).
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And seat 0 holds "<hand>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then <outcome>

    @ruleset:fi @players:3
    Examples: fi 3 players
      | ruleset | players | deal | hand                                               | outcome                                        |
      | fi      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | seat 0 shot the moon scored as "add_to_others" |

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | hand                          | outcome                                        |
      | fi      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | seat 0 shot the moon scored as "add_to_others" |

    @ruleset:fi @players:6
    Examples: fi 6 players
      | ruleset | players | deal | hand                       | outcome                                        |
      | fi      | 6       | 4    | 6C 7C 8C 9C TC JC QC KC AC | seat 0 shot the moon scored as "add_to_others" |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players | deal | hand                                               | outcome                                        |
      | se      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | seat 0 shot the moon scored as "add_to_others" |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal | hand                          | outcome                                        |
      | se      | 5       | 5    | 5C 6C 7C 8C 9C TC JC QC KC AC | seat 0 shot the moon scored as "add_to_others" |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | hand                    | outcome                                        |
      | se      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | seat 0 shot the moon scored as "add_to_others" |

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | deal | hand                                               | outcome                               |
      | no      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | seat 0 is asked how to score the moon |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | hand                          | outcome                               |
      | no      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | seat 0 is asked how to score the moon |

    @ruleset:no @players:6
    Examples: no 6 players
      | ruleset | players | deal | hand                    | outcome                               |
      | no      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | seat 0 is asked how to score the moon |

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | hand                                               | outcome                               |
      | dk      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | seat 0 is asked how to score the moon |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | hand                          | outcome                               |
      | dk      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | seat 0 is asked how to score the moon |

    @ruleset:dk @players:6 @depends:dealing_and_decks
    Examples: dk 6 players
      | ruleset | players | deal | hand                    | outcome                               |
      | dk      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | seat 0 is asked how to score the moon |

  @id:moon-009 @area:shooting_the_moon
  Scenario Outline: Where the guide adds 26 to the others, it does so at every table size
    Source: fi "Puhallus – kaikki 26 pistettä itselle" and se "Att ta månen": the shooter scores
    nothing and each other player gets 26, with no choice unless agreed. The positions are those of
    moon-008. At se six players the two of hearts is out and 25 points are in play, but the
    section on three, five and six players keeps the same points, so each other seat still gets
    the moon section's 26 (an interpretation; moon-014: a table may move only the 25).
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And seat 0 holds "<hand>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scores "<points>"
    And the totals are "<points>"
    And choosing "subtract_from_self" by seat 0 is refused with "wrong_phase"

    @ruleset:fi @players:3
    Examples: fi 3 players
      | ruleset | players | deal | hand                                               | points  |
      | fi      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 0 26 26 |

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | hand                          | points        |
      | fi      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | 0 26 26 26 26 |

    @ruleset:fi @players:6
    Examples: fi 6 players
      | ruleset | players | deal | hand                       | points           |
      | fi      | 6       | 4    | 6C 7C 8C 9C TC JC QC KC AC | 0 26 26 26 26 26 |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players | deal | hand                                               | points  |
      | se      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 0 26 26 |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal | hand                          | points        |
      | se      | 5       | 5    | 5C 6C 7C 8C 9C TC JC QC KC AC | 0 26 26 26 26 |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | hand                    | points           |
      | se      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | 0 26 26 26 26 26 |

  @id:moon-010 @area:shooting_the_moon
  Scenario Outline: Where the shooter chooses, either choice scores at every table size
    Source: no "Å «skyte månen»" and dk "At tage alt – den store gamble": the shooter either takes
    26 off the own total or puts 26 on every opponent; no table size is excluded. The positions are
    those of moon-008.
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And seat 0 holds "<hand>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    And seat 0 chooses "<choice>"
    Then the deal scores "<points>"
    And seat 0 shot the moon scored as "<choice>"

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | deal | hand                                               | choice             | points  |
      | no      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | subtract_from_self | -26 0 0 |
      | no      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | add_to_others      | 0 26 26 |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | hand                          | choice             | points        |
      | no      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | subtract_from_self | -26 0 0 0 0   |
      | no      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | add_to_others      | 0 26 26 26 26 |

    @ruleset:no @players:6
    Examples: no 6 players
      | ruleset | players | deal | hand                    | choice             | points           |
      | no      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | subtract_from_self | -26 0 0 0 0 0    |
      | no      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | add_to_others      | 0 26 26 26 26 26 |

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | hand                                               | choice             | points  |
      | dk      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | subtract_from_self | -26 0 0 |
      | dk      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | add_to_others      | 0 26 26 |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | hand                          | choice             | points        |
      | dk      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | subtract_from_self | -26 0 0 0 0   |
      | dk      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | add_to_others      | 0 26 26 26 26 |

    @ruleset:dk @players:6 @depends:dealing_and_decks
    Examples: dk 6 players
      | ruleset | players | deal | hand                    | choice             | points           |
      | dk      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | subtract_from_self | -26 0 0 0 0 0    |
      | dk      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | add_to_others      | 0 26 26 26 26 26 |

  @id:moon-011 @area:shooting_the_moon @depends:dealing_and_decks
  Scenario Outline: Point cards in the kitty count toward the moon of the seat that takes it
    Source: dk "Er I ikke fire?" (the kitty goes unseen into the first trick winner's pile) and dk
    "At tage alt – den store gamble" (the moon needs every heart and the queen of spades). Seat 0
    holds the position of moon-008 and the kitty is named: seat 0 wins the opening trick with its
    lowest club, so the hearts and the queen lying face down count as taken by it.
    Given a "dk" game for <players> players starting at deal <deal>
    And seat 0 holds "<hand>"
    And the kitty holds "<kitty>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then seat 0 takes the kitty "<kitty>"
    And seat 0 is asked how to score the moon
    When seat 0 chooses "subtract_from_self"
    Then the deal scores "<points>"

    @ruleset:dk @players:3
    Examples: dk 3 players
      | players | deal | hand                                               | kitty | points  |
      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | AH    | -26 0 0 |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | players | deal | hand                          | kitty | points      |
      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | QS AH | -26 0 0 0 0 |

    @ruleset:dk @players:6
    Examples: dk 6 players
      | players | deal | hand                    | kitty       | points        |
      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | QS AH KH QH | -26 0 0 0 0 0 |

  @id:moon-012 @area:shooting_the_moon @ruleset:dk @players:3 @depends:dealing_and_decks
  Scenario: A heart in the kitty taken by another seat spoils the moon
    Source: dk "Er I ikke fire?" and dk "At tage alt – den store gamble" (one heart elsewhere is
    enough to spoil it). Seat 1 holds every club and leads the 2C; the others are void, discard 3D
    and 2S, and seat 1 takes the first trick and with it the AH from the kitty. Seat 1 then leads
    the 2D, seat 0 wins with the 4D and from then on leads its diamonds and top spades, winning
    every trick and every other point card: 12 hearts and the queen, 25 points.
    Given a "dk" game for 3 players starting at deal 3
    And seat 0 holds "3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD TS JS QS KS AS"
    And seat 1 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 2H 3H 4H"
    And the kitty holds "AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then seat 1 takes the kitty "AH"
    And the deal scores "25 1 0"
    And no moon is scored

  @id:moon-013 @area:shooting_the_moon @ruleset:fi @players:4
  Scenario: A table may fix the moon at 26 off the shooter's own total
    Source: fi "Pelaa herttaa selaimessa" names the moon rule as a setting, 26 to the others or
    26 off the shooter, and its FAQ on the moon mentions tables that take 26 off the shooter; the
    option moon_effect fixes it for the game (no choice is asked).
    Given a "fi" game for 4 players at a deal without passing with options "moon_effect=subtract_from_self"
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H"
    And seat 3 holds "9S TS JS QS KS AS 8H 9H TH JH QH KH AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then seat 0 shot the moon scored as "subtract_from_self"
    And the deal scores "-26 0 0 0"

  @id:moon-014 @area:shooting_the_moon
  Scenario Outline: The moon moves the points in play where a variant revalues cards, and the table may choose
    Source: the moon is taking every point card (fi "Puhallus – kaikki 26 pistettä itselle", se
    "Att ta månen"), so where a variant changes what the cards are worth it moves the points in
    play: 13 under no-queen (fi "Ilman patarouvaa"); tables that keep the number 26 set
    moon_amount=26. se's six-player deck only lacks the two of hearts, and its section "Hjärter för
    tre, fem och sex spelare" keeps the same points, so the moon there gives 26 although 25 are in
    play; tables that move only the 25 set moon_amount=deal_total. Both are interpretations offered
    as table options. The positions are those of moon-001 (fi) and moon-008 (se at six): seat 0
    wins every trick.
    Given a "<ruleset>" game for <players> players starting at deal <deal> <setup>
    And seat 0 holds "<hand>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scores "<points>"

    @ruleset:fi @players:4 @variant:no-queen
    Examples: fi no-queen
      | ruleset | players | deal | setup                                                   | hand                                   | points      |
      | fi      | 4       | 4    | with variants "no-queen"                                | 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC | 0 13 13 13  |
      | fi      | 4       | 4    | with variants "no-queen" with options "moon_amount=26"  | 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC | 0 26 26 26  |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | setup                                 | hand                    | points           |
      | se      | 6       | 4    |                                       | 7C 8C 9C TC JC QC KC AC | 0 26 26 26 26 26 |
      | se      | 6       | 4    | with options "moon_amount=deal_total" | 7C 8C 9C TC JC QC KC AC | 0 25 25 25 25 25 |

  @id:moon-015 @area:shooting_the_moon @variant:cancellation
  Scenario Outline: With two decks a seat that wins every trick shoots the moon in se
    Source: se "Att ta månen" defines the moon as taking every point card, and se "Hjärter för tre,
    fem och sex spelare" keeps the rule in Cancellation Hearts, where every point card is there twice.
    Seat 0 holds both copies of the highest clubs, so its lowest club wins the opening trick (no card
    of another seat matches it, so nothing cancels it) and it leads and wins every trick after.
    Given a "se" game for <players> players starting at deal <deal> with variants "cancellation"
    And seat 0 holds "<hand>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then seat 0 shot the moon scored as "add_to_others"

    @ruleset:se @players:7
    Examples: se 7 players
      | players | deal | hand                                      |
      | 7       | 3    | AC AC KC KC QC QC JC JC TC TC 9C 9C 8C 8C |

    @ruleset:se @players:8
    Examples: se 8 players
      | players | deal | hand                                   |
      | 8       | 4    | AC AC KC KC QC QC JC JC TC TC 9C 9C 8C |

    @ruleset:se @players:9
    Examples: se 9 players
      | players | deal | hand                             |
      | 9       | 3    | AC AC KC KC QC QC JC JC TC TC 9C |

    @ruleset:se @players:10
    Examples: se 10 players
      | players | deal | hand                          |
      | 10      | 4    | AC AC KC KC QC QC JC JC TC TC |

    @ruleset:se @players:11
    Examples: se 11 players
      | players | deal | hand                       |
      | 11      | 3    | AC AC KC KC QC QC JC JC TC |

  @id:moon-016 @area:shooting_the_moon @variant:cancellation @depends:dealing_and_decks
  Scenario Outline: With two decks a seat that wins every trick shoots the moon in dk and chooses how it scores
    Source: dk "At tage alt – den store gamble" lets the shooter choose how the moon scores, and dk
    "Varianter" keeps the rule in Cancellation Hearts. Seat 0 holds both copies of the highest clubs
    (as moon-015) and takes the kitty with the first trick.
    Given a "dk" game for <players> players starting at deal <deal> with variants "cancellation"
    And seat 0 holds "<hand>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then seat 0 is asked how to score the moon
    When seat 0 chooses "add_to_others"
    Then seat 0 shot the moon scored as "add_to_others"

    @ruleset:dk @players:7
    Examples: dk 7 players
      | players | deal | hand                                      |
      | 7       | 3    | AC AC KC KC QC QC JC JC TC TC 9C 9C 8C 8C |

    @ruleset:dk @players:8
    Examples: dk 8 players
      | players | deal | hand                                   |
      | 8       | 4    | AC AC KC KC QC QC JC JC TC TC 9C 9C 8C |

    @ruleset:dk @players:9
    Examples: dk 9 players
      | players | deal | hand                             |
      | 9       | 3    | AC AC KC KC QC QC JC JC TC TC 9C |

    @ruleset:dk @players:10
    Examples: dk 10 players
      | players | deal | hand                          |
      | 10      | 4    | AC AC KC KC QC QC JC JC TC TC |
