Feature: The end of the game and ties
  A game runs deal after deal until someone's total reaches or passes the target, then the lowest
  total wins. Guides differ on whether exactly 100 ends it and on what a tie for lowest means.

  The outlines use the deal of the scoring feature: it scores 3, 10, 13 and 0 for seats 0 to 3.

  @id:end-001 @area:game_end_and_ties
  Scenario Outline: A total of exactly 100 ends the game only where reaching the target is enough
    Source: no "Vanlige spørsmål (FAQ)" and dk "Strafpoint og hvordan de tælles": the game ends
    when someone reaches or passes 100; fi "Pistekortit ja pisteenlasku", se "När tar spelet
    slut?" and fi-classic "Pelin loppu": only going over 100 ends it.
    Given a "<ruleset>" game for 4 players at a deal without passing with totals "0 0 87 0"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the totals are "3 10 100 0"
    And <outcome>

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | outcome                          |
      | no      | the game is over with winner "3" |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | outcome                          |
      | dk      | the game is over with winner "3" |

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | outcome              |
      | fi      | the game is not over |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | outcome              |
      | se      | the game is not over |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | outcome              |
      | fi-classic | the game is not over |

  @id:end-002 @area:game_end_and_ties
  Scenario Outline: A total over 100 ends the game and the lowest total wins
    Source: fi "Pistekortit ja pisteenlasku", no "Vanlige spørsmål (FAQ)", dk "Strafpoint og hvordan de
    tælles", se "När tar spelet slut?", fi-classic "Pelin loppu"; every guide names the lowest total the winner.
    Given a "<ruleset>" game for 4 players at a deal without passing with totals "50 0 88 30"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the totals are "53 10 101 30"
    And the game is over with winner "1"

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset |
      | fi      |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset |
      | no      |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset |
      | dk      |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset |
      | se      |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    |
      | fi-classic |

  @id:end-003 @area:game_end_and_ties
  Scenario Outline: A tie for the lowest total when the game ends
    Source: se "När tar spelet slut?" plays an extra deal when the lowest totals tie; fi, no, dk
    and fi-classic never say, and their rulesets record a shared win as an interpretation.
    Given a "<ruleset>" game for 4 players at a deal without passing with totals "10 3 90 13"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the totals are "13 13 103 13"
    And <outcome>

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | outcome                                    |
      | se      | the game goes on to deal 5 dealt by seat 1 |

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | outcome                               |
      | fi      | the game is over with winners "0 1 3" |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | outcome                               |
      | no      | the game is over with winners "0 1 3" |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | outcome                               |
      | dk      | the game is over with winners "0 1 3" |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | outcome                               |
      | fi-classic | the game is over with winners "0 1 3" |

  @id:end-004 @area:game_end_and_ties
  Scenario Outline: Below the target the game goes on, the deal passing to the next seat clockwise
    Source: no "Utdeling og kortbytte" and se "Given" move the deal one seat to the left; fi, dk
    and fi-classic do not say, and their rulesets follow the clockwise order of play.
    Given a "<ruleset>" game for 4 players at a deal without passing with dealer <dealer>
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the game goes on to deal <deal> dealt by seat <next>
    And the game is not over

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | dealer | next | deal |
      | fi      | 0      | 1    | 5    |
      | fi      | 3      | 0    | 5    |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | dealer | next | deal |
      | no      | 0      | 1    | 5    |
      | no      | 3      | 0    | 5    |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | dealer | next | deal |
      | dk      | 0      | 1    | 5    |
      | dk      | 2      | 3    | 5    |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | dealer | next | deal |
      | se      | 0      | 1    | 5    |
      | se      | 3      | 0    | 5    |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | dealer | next | deal |
      | fi-classic | 0      | 1    | 2    |
      | fi-classic | 1      | 2    | 2    |

  @id:end-005 @area:game_end_and_ties
  Scenario Outline: A shorter game to an agreed target of 50
    Source: fi "Sovittu piste- tai jakoraja" and se "När tar spelet slut?" (some play to 50);
    fi-classic "Variaatioita" (another target than 100).
    Given a "<ruleset>" game for 4 players at a deal without passing with options "target=50" with totals "0 0 <before> 0"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then <outcome>

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | before | outcome                          |
      | fi      | 37     | the game is not over             |
      | fi      | 38     | the game is over with winner "3" |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | before | outcome                          |
      | se      | 37     | the game is not over             |
      | se      | 38     | the game is over with winner "3" |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | before | outcome                          |
      | fi-classic | 38     | the game is over with winner "3" |

  @id:end-006 @area:game_end_and_ties
  Scenario Outline: A game limited to 15 deals ends after the fifteenth
    Source: fi "Sovittu piste- tai jakoraja" (a fixed number of deals, 15 for example) and
    fi-classic "Variaatioita" (100 points or 15 deals). The deal's points behind each outcome were
    rechecked trick by trick from the rules, without the engine: fi scores 6 7 13 0 after either
    pass (right at deal 14, across at 15), fi-classic 0 13 13 0, so the lowest totals belong to
    seat 3 (fi) and to seats 0 and 3 (fi-classic).
    Given a "<ruleset>" game for 4 players starting at deal <deal> with options "max_deals=15"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the rest of the deal is played with the lowest legal cards
    Then <outcome>

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | deal | outcome                           |
      | fi      | 14   | the game is not over              |
      | fi      | 15   | the game is over with winners "3" |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | deal | outcome                             |
      | fi-classic | 14   | the game is not over                |
      | fi-classic | 15   | the game is over with winners "0 3" |

  @id:end-007 @area:game_end_and_ties @depends:shooting_the_moon
  Scenario Outline: At three, five and six players only going over 100 ends an fi or se game
    Source: fi "Pistekortit ja pisteenlasku" and se "När tar spelet slut?" end the game when a total
    goes past 100 after a deal, whatever the table size (fi "Valmistelu eri pelaajamäärillä" and se
    "Hjärter för tre, fem och sex spelare" change only the deck). The deal is the moon of moon-008
    (seat 0 takes every point card, the others get 26 each, fi "Puhallus – kaikki 26 pistettä
    itselle", se "Att ta månen"; 26 at se six players too, where the two of hearts is out but the
    same points are kept), so seat 1 goes from 74 to exactly 100, or from 75 to 101, while seat 0
    keeps the lowest total, 10.
    Given a "<ruleset>" game for <players> players starting at deal <deal> with totals "<before>"
    And seat 0 holds "<hand>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the totals are "<after>"
    And <outcome>

    @ruleset:fi @players:3
    Examples: fi 3 players
      | ruleset | players | deal | hand                                               | before  | after     | outcome                          |
      | fi      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 10 74 0 | 10 100 26 | the game is not over             |
      | fi      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 10 75 0 | 10 101 26 | the game is over with winner "0" |

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | hand                          | before      | after           | outcome                          |
      | fi      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | 10 74 0 0 0 | 10 100 26 26 26 | the game is not over             |
      | fi      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | 10 75 0 0 0 | 10 101 26 26 26 | the game is over with winner "0" |

    @ruleset:fi @players:6
    Examples: fi 6 players
      | ruleset | players | deal | hand                       | before        | after              | outcome                          |
      | fi      | 6       | 4    | 6C 7C 8C 9C TC JC QC KC AC | 10 74 0 0 0 0 | 10 100 26 26 26 26 | the game is not over             |
      | fi      | 6       | 4    | 6C 7C 8C 9C TC JC QC KC AC | 10 75 0 0 0 0 | 10 101 26 26 26 26 | the game is over with winner "0" |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players | deal | hand                                               | before  | after     | outcome                          |
      | se      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 10 74 0 | 10 100 26 | the game is not over             |
      | se      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 10 75 0 | 10 101 26 | the game is over with winner "0" |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal | hand                          | before      | after           | outcome                          |
      | se      | 5       | 5    | 5C 6C 7C 8C 9C TC JC QC KC AC | 10 74 0 0 0 | 10 100 26 26 26 | the game is not over             |
      | se      | 5       | 5    | 5C 6C 7C 8C 9C TC JC QC KC AC | 10 75 0 0 0 | 10 101 26 26 26 | the game is over with winner "0" |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | hand                    | before        | after              | outcome                          |
      | se      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | 10 74 0 0 0 0 | 10 100 26 26 26 26 | the game is not over             |
      | se      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | 10 75 0 0 0 0 | 10 101 26 26 26 26 | the game is over with winner "0" |

  @id:end-008 @area:game_end_and_ties @depends:shooting_the_moon
  Scenario Outline: At three, five and six players reaching exactly 100 ends a no or dk game
    Source: no "Vanlige spørsmål (FAQ)" and dk "Strafpoint og hvordan de tælles": 100 or more after
    a finished deal ends the game, at any table size (no "Slik spiller du med tre, fem eller
    seks" and dk "Er I ikke fire?" change only the deck). The deal is the moon of moon-008 and
    its shooter, seat 0, puts 26 on every opponent (no "Å «skyte månen»", dk "At tage alt – den
    store gamble"), so seat 1 goes from 74 to exactly 100, or from 73 to 99, and seat 0 keeps the
    lowest total, 10.
    Given a "<ruleset>" game for <players> players starting at deal <deal> with totals "<before>"
    And seat 0 holds "<hand>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    And seat 0 chooses "add_to_others"
    Then the totals are "<after>"
    And <outcome>

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | deal | hand                                               | before  | after     | outcome                          |
      | no      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 10 74 0 | 10 100 26 | the game is over with winner "0" |
      | no      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 10 73 0 | 10 99 26  | the game is not over             |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | hand                          | before      | after           | outcome                          |
      | no      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | 10 74 0 0 0 | 10 100 26 26 26 | the game is over with winner "0" |
      | no      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | 10 73 0 0 0 | 10 99 26 26 26  | the game is not over             |

    @ruleset:no @players:6
    Examples: no 6 players
      | ruleset | players | deal | hand                    | before        | after              | outcome                          |
      | no      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | 10 74 0 0 0 0 | 10 100 26 26 26 26 | the game is over with winner "0" |
      | no      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | 10 73 0 0 0 0 | 10 99 26 26 26 26  | the game is not over             |

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | hand                                               | before  | after     | outcome                          |
      | dk      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 10 74 0 | 10 100 26 | the game is over with winner "0" |
      | dk      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 10 73 0 | 10 99 26  | the game is not over             |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | hand                          | before      | after           | outcome                          |
      | dk      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | 10 74 0 0 0 | 10 100 26 26 26 | the game is over with winner "0" |
      | dk      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | 10 73 0 0 0 | 10 99 26 26 26  | the game is not over             |

    @ruleset:dk @players:6 @depends:dealing_and_decks
    Examples: dk 6 players
      | ruleset | players | deal | hand                    | before        | after              | outcome                          |
      | dk      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | 10 74 0 0 0 0 | 10 100 26 26 26 26 | the game is over with winner "0" |
      | dk      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | 10 73 0 0 0 0 | 10 99 26 26 26 26  | the game is not over             |

  @id:end-009 @area:game_end_and_ties @depends:shooting_the_moon
  Scenario Outline: At three, five and six players a tie for the lowest total ends an fi game but not an se game
    Source: se "När tar spelet slut?" plays one more deal when the lowest totals are level, and its
    section "Hjärter för tre, fem och sex spelare" keeps the other rules at every size; fi "Pelin
    tavoite" never covers a tie, and the fi ruleset lets the tied seats share the win (an
    interpretation). The deal is the moon of moon-008 (others +26, at se six players too, where the
    two of hearts is out but the same points are kept): seat 1 passes 100 and seats 0 and 2 both
    end on 26. The se extra deal is the next one, dealt by the seat left of the dealer
    (se "Given"; seat 0 deals the first deal played, the protocol's default), so by seat 1: deal 4
    at three players (cycle left, right, none), deal 6 at five (five-step cycle), deal 5 at six
    (four-step cycle), each the first step of its cycle again, a pass to the left.
    Given a "<ruleset>" game for <players> players starting at deal <deal> with totals "<before>"
    And seat 0 holds "<hand>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the totals are "<after>"
    And <outcome>

    @ruleset:fi @players:3
    Examples: fi 3 players
      | ruleset | players | deal | hand                                               | before  | after     | outcome                             |
      | fi      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 26 80 0 | 26 106 26 | the game is over with winners "0 2" |

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | hand                          | before       | after           | outcome                             |
      | fi      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | 26 80 0 5 10 | 26 106 26 31 36 | the game is over with winners "0 2" |

    @ruleset:fi @players:6
    Examples: fi 6 players
      | ruleset | players | deal | hand                       | before        | after              | outcome                             |
      | fi      | 6       | 4    | 6C 7C 8C 9C TC JC QC KC AC | 26 80 0 1 2 3 | 26 106 26 27 28 29 | the game is over with winners "0 2" |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players | deal | hand                                               | before  | after     | outcome                                    |
      | se      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 26 80 0 | 26 106 26 | the game goes on to deal 4 dealt by seat 1 |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal | hand                          | before       | after           | outcome                                    |
      | se      | 5       | 5    | 5C 6C 7C 8C 9C TC JC QC KC AC | 26 80 0 5 10 | 26 106 26 31 36 | the game goes on to deal 6 dealt by seat 1 |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | hand                    | before        | after              | outcome                                    |
      | se      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | 26 80 0 1 2 3 | 26 106 26 27 28 29 | the game goes on to deal 5 dealt by seat 1 |

  @id:end-010 @area:game_end_and_ties @depends:shooting_the_moon
  Scenario Outline: At three, five and six players tied lowest totals share the win in no and dk
    Source: no "Vanlige spørsmål (FAQ)" and dk "Strafpoint og hvordan de tælles" name the lowest
    total the winner and never cover a tie; their rulesets let the tied seats share the win (an
    interpretation). The deal is the moon of moon-008; its shooter, seat 0, adds 26 to the others,
    so seat 1 passes 100 and seats 0 and 2 both end on 26.
    Given a "<ruleset>" game for <players> players starting at deal <deal> with totals "<before>"
    And seat 0 holds "<hand>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    And seat 0 chooses "add_to_others"
    Then the totals are "<after>"
    And the game is over with winners "0 2"

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | deal | hand                                               | before  | after     |
      | no      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 26 80 0 | 26 106 26 |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | hand                          | before       | after           |
      | no      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | 26 80 0 5 10 | 26 106 26 31 36 |

    @ruleset:no @players:6
    Examples: no 6 players
      | ruleset | players | deal | hand                    | before        | after              |
      | no      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | 26 80 0 1 2 3 | 26 106 26 27 28 29 |

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | hand                                               | before  | after     |
      | dk      | 3       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC TS JS QS KS AS | 26 80 0 | 26 106 26 |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | hand                          | before       | after           |
      | dk      | 5       | 3    | 5C 6C 7C 8C 9C TC JC QC KC AC | 26 80 0 5 10 | 26 106 26 31 36 |

    @ruleset:dk @players:6 @depends:dealing_and_decks
    Examples: dk 6 players
      | ruleset | players | deal | hand                    | before        | after              |
      | dk      | 6       | 4    | 7C 8C 9C TC JC QC KC AC | 26 80 0 1 2 3 | 26 106 26 27 28 29 |

  @id:end-011 @area:game_end_and_ties
  Scenario Outline: Any agreed points limit ends the game
    Source: fi "Sovittu piste- tai jakoraja" and its FAQ on how long to play: a table may agree
    a limit other than 100, 50 being only an example; fi-classic "Variaatioita" likewise. The
    deal (scoring's hands written out, played as dealt with the lowest legal cards) scores 3, 10, 13
    and 0.
    Given a "<ruleset>" game for 4 players at a deal without passing with options "target=75" with totals "0 0 <before> 0"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then <outcome>

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | before | outcome                          |
      | fi      | 62     | the game is not over             |
      | fi      | 63     | the game is over with winner "3" |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | before | outcome                          |
      | fi-classic | 63     | the game is over with winner "3" |

  @id:end-012 @area:game_end_and_ties
  Scenario Outline: In fi a deal limit replaces the points limit; in fi-classic whichever comes first ends the game
    Source: fi "Sovittu piste- tai jakoraja" offers a fixed number of deals instead of a points
    limit; fi-classic "Variaatioita" caps the game at 100 points or 15 deals. The deal is
    end-006's: fi scores 6 7 13 0 at deal 14, fi-classic 0 13 13 0, so one total passes 100.
    Given a "<ruleset>" game for 4 players with variants "no-passing" starting at deal 14 with options "max_deals=15" with totals "<totals>"
    And seat 0 holds "3C 7C JC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "4C 8C QC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "5C 9C KC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "2C 6C TC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the totals are "<after>"
    And <outcome>

    @ruleset:fi @players:4 @variant:no-passing
    Examples: fi 4 players
      | ruleset | totals   | after      | outcome              |
      | fi      | 95 0 0 0 | 101 7 13 0 | the game is not over |

    @ruleset:fi-classic @players:4 @variant:no-passing
    Examples: fi-classic 4 players
      | ruleset    | totals   | after      | outcome                             |
      | fi-classic | 0 95 0 0 | 0 108 13 0 | the game is over with winners "0 3" |

  @id:end-020 @area:game_end_and_ties @depends:shooting_the_moon
  Scenario Outline: At four players a moon that lifts another total past 100 ends the game
    Source: fi "Pistekortit ja pisteenlasku", se "När tar spelet slut?" and fi-classic "Pelin
    loppu" end the game after a deal that takes a total over 100; a moon gives every other seat
    26 (fi "Puhallus – kaikki 26 pistettä itselle", se "Att ta månen", fi-classic
    "Pisteenlasku"). The deal is moon-002's: seat 0 holds every club and takes every trick, so
    seat 1 goes from 80 to 106 and seat 0 stays lowest.
    Given a "<ruleset>" game for 4 players at a deal without passing with totals "10 80 0 0"
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2H"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    And seat 3 holds "AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    When the rest of the deal is played with the lowest legal cards
    Then seat 0 shot the moon scored as "add_to_others"
    And the totals are "10 106 26 26"
    And the game is over with winner "0"

    @ruleset:fi @players:4
    Examples: fi
      | ruleset |
      | fi      |

    @ruleset:se @players:4
    Examples: se
      | ruleset |
      | se      |

    @ruleset:fi-classic @players:4
    Examples: fi-classic
      | ruleset    |
      | fi-classic |

  @id:end-021 @area:game_end_and_ties @depends:shooting_the_moon
  Scenario Outline: At four players a moon that lifts another total to exactly 100 ends a no or dk game
    Source: no "Vanlige spørsmål (FAQ)" and dk "Strafpoint og hvordan de tælles" end the game when
    a total reaches 100; their shooter chooses how the moon scores (no "Å «skyte månen»", dk "At
    tage alt – den store gamble"). The deal is moon-004's; seat 0 adds 26 to the others, so seat 1
    goes from 74 to 100.
    Given a "<ruleset>" game for 4 players at a deal without passing with totals "10 74 0 0"
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD 2H"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    And seat 3 holds "AD 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    When the rest of the deal is played with the lowest legal cards
    And seat 0 chooses "add_to_others"
    Then the totals are "10 100 26 26"
    And the game is over with winner "0"

    @ruleset:no @players:4
    Examples: no
      | ruleset |
      | no      |

    @ruleset:dk @players:4
    Examples: dk
      | ruleset |
      | dk      |

  @id:end-022 @area:game_end_and_ties
  Scenario Outline: At three, five and six players a game limited to 15 deals ends after the fifteenth
    Source: fi "Sovittu piste- tai jakoraja" (a fixed number of deals, 15 for example), whatever
    the table size (fi "Valmistelu eri pelaajamäärillä" changes only the deck). The deal is
    played as dealt (fi "Ilman vaihtoa"). No total can reach 100 in one deal from these, and seat
    0, 60 below everyone, stays lowest whatever it takes, so only the deal limit ends the game.
    Given a "fi" game for <players> players starting at deal <deal> with variants "no-passing" with options "max_deals=15" with totals "<before>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then <outcome>

    @ruleset:fi @players:3 @variant:no-passing
    Examples: fi 3 players
      | players | deal | before  | outcome                          |
      | 3       | 14   | 0 60 60 | the game is not over             |
      | 3       | 15   | 0 60 60 | the game is over with winner "0" |

    @ruleset:fi @players:5 @variant:no-passing
    Examples: fi 5 players
      | players | deal | before        | outcome                          |
      | 5       | 14   | 0 60 60 60 60 | the game is not over             |
      | 5       | 15   | 0 60 60 60 60 | the game is over with winner "0" |

    @ruleset:fi @players:6 @variant:no-passing
    Examples: fi 6 players
      | players | deal | before           | outcome                          |
      | 6       | 14   | 0 60 60 60 60 60 | the game is not over             |
      | 6       | 15   | 0 60 60 60 60 60 | the game is over with winner "0" |

  @id:end-023 @area:game_end_and_ties @variant:cancellation
  Scenario Outline: At the big tables of Cancellation Hearts a deal that takes a total to the target ends the game
    Source: dk "Varianter" and se "Hjärter för tre, fem och sex spelare" play Cancellation Hearts to the
    ruleset's own end: dk "Strafpoint og hvordan de tælles" ends the game when a total reaches 100 and lets a tie for
    the lowest total share the win; se "När tar spelet slut?" ends it when a total goes past 100. Each
    row plays a deal without passing to its end by the lowest legal cards, seat 0 holding both queens
    of spades; the totals before it were chosen from that deal's points (rechecked by the reference
    engine, trick by trick, not by hand), so one seat reaches 100 (dk) or 101 (se) and, in dk, two
    seats share the lowest total.
    Given a "<ruleset>" game for <players> players starting at deal <deal> with variants "cancellation" with totals "<before>"
    And seat 0 holds "QS QS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the totals are "<after>"
    And the game is over with winners "<winners>"

    @ruleset:dk @players:7
    Examples: dk 7 players
      | ruleset | players | deal | before               | after                 | winners |
      | dk      | 7       | 3    | 40 85 40 40 40 20 20 | 53 100 47 55 42 20 20 | 5 6     |

    @ruleset:dk @players:8
    Examples: dk 8 players
      | ruleset | players | deal | before                  | after                    | winners |
      | dk      | 8       | 4    | 20 67 40 20 40 40 40 40 | 20 100 53 20 46 40 40 40 | 0 3     |

    @ruleset:dk @players:9
    Examples: dk 9 players
      | ruleset | players | deal | before                     | after                       | winners |
      | dk      | 9       | 3    | 40 40 20 20 40 40 40 40 82 | 54 49 20 20 49 40 41 41 100 | 2 3     |

    @ruleset:dk @players:10
    Examples: dk 10 players
      | ruleset | players | deal | before                        | after                          | winners |
      | dk      | 10      | 4    | 40 20 20 40 40 40 83 40 40 40 | 56 20 20 44 40 50 100 45 40 40 | 1 2     |

    @ruleset:se @players:7
    Examples: se 7 players
      | ruleset | players | deal | before               | after                 | winners |
      | se      | 7       | 3    | 40 40 40 81 20 40 40 | 53 58 41 101 20 40 40 | 4       |

    @ruleset:se @players:8
    Examples: se 8 players
      | ruleset | players | deal | before                  | after                    | winners |
      | se      | 8       | 4    | 20 68 40 40 40 40 40 40 | 20 101 53 40 46 40 40 40 | 0       |

    @ruleset:se @players:9
    Examples: se 9 players
      | ruleset | players | deal | before                     | after                       | winners |
      | se      | 9       | 3    | 61 20 40 40 40 40 40 40 40 | 101 20 40 40 40 40 40 40 52 | 1       |

    @ruleset:se @players:10
    Examples: se 10 players
      | ruleset | players | deal | before                        | after                          | winners |
      | se      | 10      | 4    | 40 40 20 40 40 40 79 40 40 40 | 53 47 20 50 40 40 101 40 40 40 | 2       |

    @ruleset:se @players:11
    Examples: se 11 players
      | ruleset | players | deal | before                           | after                             | winners |
      | se      | 11      | 3    | 67 40 20 40 40 40 40 40 40 40 40 | 101 51 20 40 40 40 47 40 40 40 40 | 2       |
