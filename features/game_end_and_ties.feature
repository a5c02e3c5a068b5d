Feature: The end of the game and ties
  A game runs deal after deal until someone's total reaches or passes the target, then the lowest
  total wins. Guides differ on whether exactly 100 ends it and on what a tie for lowest means.

  The outlines use the deal of the scoring feature: it scores 3, 10, 13 and 0 for seats 0 to 3.

  @id:end-001 @area:game_end_and_ties
  Scenario Outline: A total of exactly 100 ends the game only where reaching the target is enough
    Source: no "Vanlige spørsmål (FAQ)" and dk "Strafpoint og hvordan de tælles": the game ends
    when someone reaches or passes 100; fi "Pistekortit ja pisteenlasku", se "När tar spelet
    slut?" and fi-classic "Pelin loppu": only going over 100 ends it.
    Given a "<ruleset>" game for 4 players with totals "0 0 87 0"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the rest of the deal is played with the lowest legal cards
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
    Given a "<ruleset>" game for 4 players with totals "50 0 88 30"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the rest of the deal is played with the lowest legal cards
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
    Given a "<ruleset>" game for 4 players with totals "10 3 90 13"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the rest of the deal is played with the lowest legal cards
    Then the totals are "13 13 103 13"
    And <outcome>

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | outcome                                                    |
      | se      | the game goes on to deal 2 dealt by seat 1 passing "right" |

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
    Given a "<ruleset>" game for 4 players with dealer <dealer>
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the rest of the deal is played with the lowest legal cards
    Then the game goes on to deal 2 dealt by seat <next> passing "right"
    And the game is not over

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | dealer | next |
      | fi      | 0      | 1    |
      | fi      | 3      | 0    |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | dealer | next |
      | no      | 0      | 1    |
      | no      | 3      | 0    |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | dealer | next |
      | dk      | 0      | 1    |
      | dk      | 2      | 3    |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | dealer | next |
      | se      | 0      | 1    |
      | se      | 3      | 0    |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | dealer | next |
      | fi-classic | 0      | 1    |
      | fi-classic | 1      | 2    |

  @id:end-005 @area:game_end_and_ties
  Scenario Outline: A shorter game to an agreed target of 50
    Source: fi "Sovittu piste- tai jakoraja" and se "När tar spelet slut?" (some play to 50);
    fi-classic "Variaatioita" (another target than 100).
    Given a "<ruleset>" game for 4 players with options "target=50" with totals "0 0 <before> 0"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the rest of the deal is played with the lowest legal cards
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
    fi-classic "Variaatioita" (100 points or 15 deals).
    Given a "<ruleset>" game for 4 players starting at deal <deal> with options "max_deals=15"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the rest of the deal is played with the lowest legal cards
    Then <outcome>

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | deal | outcome                             |
      | fi      | 14   | the game is not over                |
      | fi      | 15   | the game is over with winners "3"   |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | deal | outcome                             |
      | fi-classic | 14   | the game is not over                |
      | fi-classic | 15   | the game is over with winners "0 3" |
