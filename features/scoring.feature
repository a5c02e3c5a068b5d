Feature: Scoring a deal
  Each heart costs one point and the queen of spades thirteen, 26 in a deal; points taken are
  added to each player's running total after the deal.

  Most outlines use the same deal, played without passing: the hands are the deck in order dealt
  round the table with three cards then passed to the left, written out seat by seat; every seat
  then plays its lowest legal card. Seat 2 ends up with the queen.

  @id:score-001 @area:scoring
  Scenario Outline: Hearts count one each and the queen of spades thirteen
    Source: fi "Pistekortit ja pisteenlasku", no "Poengberegning", dk "Strafpoint og hvordan de
    tælles", se "Poängen", fi-classic "Pisteenlasku".
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scores "3 10 13 0"
    And the totals are "3 10 13 0"
    And no moon is scored

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

  @id:score-002 @area:scoring
  Scenario Outline: A deal's points are added to the totals carried from earlier deals
    Source: fi "Pistekortit ja pisteenlasku" (totals kept between deals), no "Poengberegning"
    (added up through the game), dk "Strafpoint og hvordan de tælles", se "När tar spelet slut?",
    fi-classic "Pelin loppu".
    Given a "<ruleset>" game for 4 players at a deal without passing with totals "20 30 40 5"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scores "3 10 13 0"
    And the totals are "23 40 53 5"

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

  @id:score-003 @area:scoring
  Scenario Outline: At every table size a whole deal scores by the same card points (26 in play, 25 for se at six players)
    Source: fi "Valmistelu eri pelaajamäärillä" and se "Hjärter för tre, fem och sex spelare"
    keep the same scoring at other table sizes; dk "Er I ikke fire?" counts kitty cards for the
    player who takes them; no its section on three to six players. Every row's totals were
    rechecked trick by trick from the spec's rules, without the engine: that each card played is
    legal and the lowest legal one, who takes each trick and the kitty, the points, and (se at six
    players) the moon of seat 5, who takes the twelve hearts left and the queen, so every other
    seat gets the moon's 26 though 25 are in play (moon-014).
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scores "<points>"

    @ruleset:fi @players:3
    Examples: fi 3 players
      | ruleset | players | deal | points  |
      | fi      | 3       | 3    | 2 13 11 |

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | points     |
      | fi      | 5       | 3    | 0 6 0 5 15 |

    @ruleset:fi @players:6
    Examples: fi 6 players
      | ruleset | players | deal | points       |
      | fi      | 6       | 4    | 0 4 0 9 13 0 |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players | deal | points  |
      | se      | 3       | 3    | 11 13 2 |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal | points     |
      | se      | 5       | 5    | 0 6 0 5 15 |

    @ruleset:se @players:6 @depends:shooting_the_moon
    Examples: se 6 players
      | ruleset | players | deal | points           |
      | se      | 6       | 4    | 26 26 26 26 26 0 |

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | deal | points  |
      | no      | 3       | 3    | 11 13 2 |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | points     |
      | no      | 5       | 3    | 0 6 0 5 15 |

    @ruleset:no @players:6
    Examples: no 6 players
      | ruleset | players | deal | points        |
      | no      | 6       | 4    | 0 0 0 0 13 13 |

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | points |
      | dk      | 3       | 3    | 8 5 13 |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | points     |
      | dk      | 5       | 3    | 3 0 2 0 21 |

    @ruleset:dk @players:6 @depends:dealing_and_decks
    Examples: dk 6 players
      | ruleset | players | deal | points       |
      | dk      | 6       | 4    | 4 6 0 0 0 16 |

  @id:score-004 @area:scoring
  Scenario Outline: The queen of spades carries 13 points and the ace of spades none
    Source: fi-classic "Pisteenlasku" scores the queen of spades; its strategy section names the
    ace of spades instead ("Sakkopisteet, mutta suurella riskillä?"), which the fi-classic ruleset
    records as a slip (an interpretation); fi "Pistekortit ja pisteenlasku", no "Poengberegning",
    dk "Strafpoint og hvordan de tælles" and se "Poängen" name the queen only.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When the cards are played "2C 9S KC AS"
    Then seat 2 wins the trick with 0 points
    When the cards are played "QC 2D 3C QS"
    Then seat 2 wins the trick with 13 points

    @ruleset:fi-classic @players:4
    Examples: fi-classic
      | ruleset    |
      | fi-classic |

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
