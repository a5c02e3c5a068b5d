Feature: The opening lead
  Who leads the first trick of a deal and with which card: the holder of the two of clubs leads
  it; when the deck has no two of clubs the guides name the three of clubs or the lowest club.

  @id:open-001 @area:opening_lead
  Scenario Outline: The holder of the opening card leads the first trick and must lead that card
    Source: fi "Pelin kulku tikki tikiltä" (two of clubs) and "Valmistelu eri pelaajamäärillä"
    (three of clubs at five players); se "Förstasticket" and "Hjärter för tre, fem och sex
    spelare" (three of clubs whenever the two is out); no "Slik spilles et parti" and its section on
    three to six players (the lowest club when the two is out); dk "Sådan spilles en runde".
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And seat 2 holds "<card> AC"
    And the other cards are dealt in deck order
    Then it is seat 2's turn
    And seat 2 may play only "<card>"
    And playing "AC" by seat 2 is refused with "must_lead_opening_card"
    And playing "<card>" by seat 1 is refused with "not_your_turn"

    @ruleset:fi @players:3
    Examples: fi 3 players
      | ruleset | players | deal | card |
      | fi      | 3       | 3    | 2C   |

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | players | deal | card |
      | fi      | 4       | 4    | 2C   |

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | card |
      | fi      | 5       | 3    | 3C   |

    @ruleset:fi @players:6
    Examples: fi 6 players
      | ruleset | players | deal | card |
      | fi      | 6       | 4    | 2C   |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players | deal | card |
      | se      | 3       | 3    | 3C   |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | players | deal | card |
      | se      | 4       | 4    | 2C   |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal | card |
      | se      | 5       | 5    | 3C   |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | card |
      | se      | 6       | 4    | 3C   |

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | deal | card |
      | no      | 3       | 3    | 3C   |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | players | deal | card |
      | no      | 4       | 4    | 2C   |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | card |
      | no      | 5       | 3    | 3C   |

    @ruleset:no @players:6
    Examples: no 6 players
      | ruleset | players | deal | card |
      | no      | 6       | 4    | 3C   |

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | card |
      | dk      | 3       | 3    | 2C   |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | players | deal | card |
      | dk      | 4       | 4    | 2C   |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | card |
      | dk      | 5       | 3    | 2C   |

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | deal | card |
      | dk      | 6       | 4    | 2C   |

  @id:open-002 @area:opening_lead @depends:passing
  Scenario Outline: The two of clubs passed on: its new holder opens
    Source: fi "Pelin kulku tikki tikiltä", no "Slik spilles et parti", dk "Sådan spilles en
    runde", se "Förstasticket", fi-classic "Pelin kulku": whoever holds the two of clubs when
    play starts leads it, so the pass decides who that is.
    Given a "<ruleset>" game for 4 players
    And seat 0 holds "2C 3C 4C"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    Then it is seat 1's turn
    And seat 1 may play only "2C"

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset |
      | fi      |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset |
      | se      |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset |
      | no      |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    |
      | fi-classic |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset |
      | dk      |

  @id:open-003 @area:opening_lead @ruleset:dk @players:3
  Scenario: With the two of clubs in the Danish kitty the lowest club in a hand opens
    Source: dk "Er I ikke fire?" puts spare cards in a kitty but never says who opens when the two
    of clubs is among them; the dk ruleset records its choice (the lowest club held) as an
    interpretation.
    Given a "dk" game for 3 players starting at deal 3
    And the kitty holds "2C"
    And seat 1 holds "3C"
    And the other cards are dealt in deck order
    Then it is seat 1's turn
    And seat 1 may play only "3C"

  @id:open-004 @area:opening_lead
  Scenario Outline: The opening card is the only legal lead even for a hand full of clubs
    Source: dk "Sådan spilles en runde" insists on the two itself, not any club; the other guides
    say the holder plays that very card.
    Given a "<ruleset>" game for 4 players starting at deal 4
    And seat 3 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And the other cards are dealt in deck order
    Then it is seat 3's turn
    And playing "3C" by seat 3 is refused with "must_lead_opening_card"
    And playing "2C" by seat 3 is accepted

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset |
      | fi      |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset |
      | se      |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset |
      | no      |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset |
      | dk      |

  @id:open-020 @area:opening_lead
  Scenario Outline: In the next deal the holder of the two of clubs leads again, whoever took the last trick
    Source: fi "Pelin kulku tikki tikiltä", no "Slik spilles et parti", dk "Sådan spilles en
    runde", se "Förstasticket" and fi-classic "Pelin kulku" (as open-001) give the opening lead
    of every deal to the two of clubs. fi and fi-classic play both deals as dealt (fi "Ilman
    vaihtoa", fi-classic "Variaatioita"), no, dk and se reach their hold deal by passing once, in
    the first deal. In the second deal seat 2 holds the two and the three of clubs.
    Given a "<ruleset>" game for 4 players <start>
    And the other cards are dealt in deck order
    When <passes>
    And the rest of the deal is played with the lowest legal cards
    And the next deal is dealt in deck order with seat 2 holding "2C 3C"
    Then it is seat 2's turn
    And playing "3C" by seat 2 is refused with "must_lead_opening_card"

    @ruleset:fi @players:4 @variant:no-passing
    Examples: fi
      | ruleset | start                      | passes                  |
      | fi      | with variants "no-passing" | the deal is played as dealt |

    @ruleset:fi-classic @players:4 @variant:no-passing
    Examples: fi-classic
      | ruleset    | start                      | passes                  |
      | fi-classic | with variants "no-passing" | the deal is played as dealt |

    @ruleset:no @players:4
    Examples: no
      | ruleset | start              | passes                                          |
      | no      | starting at deal 3 | each seat passes the first 3 cards it was dealt |

    @ruleset:dk @players:4
    Examples: dk
      | ruleset | start              | passes                                          |
      | dk      | starting at deal 3 | each seat passes the first 3 cards it was dealt |

    @ruleset:se @players:4
    Examples: se
      | ruleset | start              | passes                                          |
      | se      | starting at deal 3 | each seat passes the first 3 cards it was dealt |
