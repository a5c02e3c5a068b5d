Feature: Dealing and decks
  Which cards each ruleset deals at each table size: cards removed so hands come out even, the
  Finnish jokers at six players, the Danish kitty, and the hand sizes that follow.

  @id:deal-001 @area:dealing_and_decks
  Scenario Outline: A deal holding a card this table size leaves out is refused
    Source: fi "Valmistelu eri pelaajamäärillä" (two of diamonds out at three, both black and red
    twos of clubs and diamonds out at five); se "Hjärter för tre, fem och sex spelare" (the two
    of clubs at three, two twos at five, all four at six); no its section on three to six players (cards removed so hands are even; which ones is recorded in the no ruleset); jokers
    exist only at the Finnish six-player table.
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And seat 0 holds "<card>"
    Then dealing is refused with "invalid_deal"

    @ruleset:fi @players:3
    Examples: fi 3 players
      | ruleset | players | deal | card |
      | fi      | 3       | 3    | 2D   |

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | card |
      | fi      | 5       | 3    | 2C   |
      | fi      | 5       | 3    | 2D   |

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | players | deal | card |
      | fi      | 4       | 4    | XC   |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players | deal | card |
      | se      | 3       | 3    | 2C   |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal | card |
      | se      | 5       | 5    | 2D   |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | card |
      | se      | 6       | 4    | 2H   |
      | se      | 6       | 4    | 2S   |

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | deal | card |
      | no      | 3       | 3    | 2C   |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | card |
      | no      | 5       | 3    | 2D   |

    @ruleset:no @players:6
    Examples: no 6 players
      | ruleset | players | deal | card |
      | no      | 6       | 4    | 2C   |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | players | deal | card |
      | dk      | 4       | 4    | XD   |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | players | deal | card |
      | fi-classic | 4       | 1    | XC   |

  @id:deal-002 @area:dealing_and_decks
  Scenario Outline: The deck for the table size deals even hands (and a kitty where one is used)
    Source: fi "Valmistelu eri pelaajamäärillä" (17, 13, 10 and 9 cards); se "Hjärter för tre,
    fem och sex spelare" (17, 10 and 8 cards); dk "Er I ikke fire?" (full deck, spare cards face
    down); no its section on three to six players; fi-classic "Pelin valmistelu" (13 each).
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And the other cards are dealt in deck order
    Then seat 0 holds <size> cards
    And seat 1 holds <size> cards

    @ruleset:fi @players:3
    Examples: fi 3 players
      | ruleset | players | deal | size |
      | fi      | 3       | 3    | 17   |

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | players | deal | size |
      | fi      | 4       | 4    | 13   |

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | size |
      | fi      | 5       | 3    | 10   |

    @ruleset:fi @players:6
    Examples: fi 6 players
      | ruleset | players | deal | size |
      | fi      | 6       | 4    | 9    |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players | deal | size |
      | se      | 3       | 3    | 17   |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | players | deal | size |
      | se      | 4       | 4    | 13   |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal | size |
      | se      | 5       | 5    | 10   |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | size |
      | se      | 6       | 4    | 8    |

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | deal | size |
      | no      | 3       | 3    | 17   |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | players | deal | size |
      | no      | 4       | 4    | 13   |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | size |
      | no      | 5       | 3    | 10   |

    @ruleset:no @players:6
    Examples: no 6 players
      | ruleset | players | deal | size |
      | no      | 6       | 4    | 8    |

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | size |
      | dk      | 3       | 3    | 17   |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | players | deal | size |
      | dk      | 4       | 4    | 13   |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | size |
      | dk      | 5       | 3    | 10   |

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | deal | size |
      | dk      | 6       | 4    | 8    |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | players | deal | size |
      | fi-classic | 4       | 1    | 13   |

  @id:deal-003 @area:dealing_and_decks
  Scenario Outline: The Danish kitty holds the cards left over
    Source: dk "Er I ikke fire?": with three, five or six players the spare cards lie face down.
    Given a "dk" game for <players> players starting at deal <deal>
    And the other cards are dealt in deck order
    Then the kitty holds <kitty> cards

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | kitty |
      | dk      | 3       | 3    | 1     |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | kitty |
      | dk      | 5       | 3    | 2     |

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | deal | kitty |
      | dk      | 6       | 4    | 4     |

  @id:deal-004 @area:dealing_and_decks
  Scenario Outline: The winner of the first trick takes the Danish kitty, points and all
    Source: dk "Er I ikke fire?": the kitty joins the first trick winner's pile unseen, so its
    point cards count against that player.
    Given a "dk" game for <players> players starting at deal <deal>
    And the kitty holds "<kitty>"
    And seat 0 holds "2C"
    And seat 1 holds "AC"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    And seat 1 plays "AC"
    And the rest of the trick is played with the lowest legal cards
    Then seat 1 wins the trick
    And seat 1 takes the kitty "<kitty>"
    And seat 1 has taken <points> points this deal

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | kitty | points |
      | dk      | 3       | 3    | QS    | 13     |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | kitty | points |
      | dk      | 5       | 3    | QS AH | 14     |

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | deal | kitty       | points |
      | dk      | 6       | 4    | QS AH KH 2D | 15     |

  @id:deal-005 @area:dealing_and_decks
  Scenario Outline: The club joker ranks above the two of clubs and below the three
    Source: fi "Valmistelu eri pelaajamäärillä": the six-player jokers sit between the two and the
    three of their suits (clubs and diamonds).
    Given a "fi" game for 6 players starting at deal 4
    And seat 0 holds "2C 4C 5C 6C 7C 8C 9C TC JC"
    And seat 1 holds "<seat1>"
    And seat 2 holds "<seat2>"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    And seat 1 plays "XC"
    And the rest of the trick is played with the lowest legal cards
    Then seat <winner> wins the trick

    @ruleset:fi @players:6
    Examples: fi 6 players
      | seat1                      | seat2 | winner |
      | XC 3C QC KC AC 2D XD 3D 4D | 5D    | 1      |
      | XC QC KC AC 2D XD 3D 4D 5D | 3C    | 2      |

  @id:deal-006 @area:dealing_and_decks
  Scenario Outline: A deal that repeats a card is refused
    Source: every guide deals one standard deck (fi "Valmistelu eri pelaajamäärillä", no "Dette
    trenger du for å spille", dk "Sådan sætter I spillet op", se "Vad är Hjärter?", fi-classic
    "Pelin valmistelu").
    Given a "<ruleset>" game for 4 players
    And seat 0 holds "2C 2C"
    Then dealing is refused with "invalid_deal"

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

  @id:deal-007 @area:dealing_and_decks
  Scenario Outline: The diamond joker ranks between the two and the three of diamonds
    Source: fi "Valmistelu eri pelaajamäärillä" (the diamond joker counts as two and a half in
    diamonds). Seat 1 wins the first trick and leads a diamond; only seats 1 and 2 hold diamonds.
    Given a "fi" game for 6 players starting at deal 4
    And seat 0 holds "2C"
    And seat 1 holds "AC 2D 3D 4D 5D 6D 7D 8D 9D"
    And seat 2 holds "XD TD JD QD KD AD"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    And seat 1 plays "AC"
    And the rest of the trick is played with the lowest legal cards
    And seat 1 plays "<lead>"
    And seat 2 plays "XD"
    And the rest of the trick is played with the lowest legal cards
    Then seat <winner> wins the trick

    @ruleset:fi @players:6
    Examples: fi 6 players
      | lead | winner |
      | 2D   | 2      |
      | 3D   | 1      |
