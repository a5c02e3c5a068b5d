Feature: Following suit and winning tricks
  Players follow the led suit when they can, anything goes when they cannot, there are no trumps,
  the highest card of the led suit takes the trick and its winner leads next. Every guide says so.

  The four-player outlines share one position: seat 0 holds every club and, after an across pass,
  gives its three top clubs to seat 2; seats 1 and 3 hold no clubs.

  @id:follow-001 @area:following_and_winning
  Scenario Outline: A player holding the led suit must follow it
    Source: fi "Pelin kulku tikki tikiltä", no "Slik spilles et parti", dk "Sådan spilles en
    runde", se "Så spelas sticken", fi-classic "Pelin kulku".
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When the cards are played "2C 9S"
    Then playing "QD" by seat 2 is refused with "must_follow_suit"
    And seat 2 may play only "QC KC AC"

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

  @id:follow-002 @area:following_and_winning
  Scenario Outline: A higher card of another suit does not win; the highest club does
    Source: fi "Pelin kulku tikki tikiltä", no "Slik spilles et parti", dk "Sådan spilles en
    runde", se "Så spelas sticken", fi-classic "Pelin kulku": no trumps, only the led suit can win.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When the cards are played "2C 9S KC AS"
    Then seat 2 wins the trick with 0 points
    And it is seat 2's turn

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

  @id:follow-003 @area:following_and_winning
  Scenario Outline: Only the seat whose turn it is may play
    Source: fi "Pelin kulku tikki tikiltä", no "Slik spilles et parti", dk "Sådan spilles en
    runde", se "Så spelas sticken", fi-classic "Pelin kulku": play goes clockwise from the leader, and the trick's winner leads next.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When the cards are played "2C 9S KC AS"
    Then playing "3C" by seat 0 is refused with "not_your_turn"
    And playing "2H" by seat 1 is refused with "not_your_turn"

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

  @id:follow-004 @area:following_and_winning
  Scenario Outline: A card the player does not hold is refused
    Source: fi "Pelin kulku tikki tikiltä", no "Slik spilles et parti", dk "Sådan spilles en
    runde", se "Så spelas sticken", fi-classic "Pelin kulku" (each player plays from their own hand); spec/protocol.md 6.5 names the code.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When the cards are played "2C 9S KC AS"
    Then playing "3C" by seat 2 is refused with "card_not_in_hand"

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

  @id:follow-005 @area:following_and_winning
  Scenario Outline: A player out of the led suit may throw any card once the first trick is over
    Source: fi "Pelin kulku tikki tikiltä" (discarding is free when void), no "Slik spilles et
    parti", dk "Sådan spilles en runde", se "Så spelas sticken", fi-classic "Pelin kulku".
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When the cards are played "2C 9S KC AS | QC"
    Then seat 3 may play only "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS"

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

  @id:follow-006 @area:following_and_winning
  Scenario Outline: The winner of a trick leads the next one and takes its points
    Source: fi "Pelin kulku tikki tikiltä", no "Slik spilles et parti", dk "Sådan spilles en
    runde", se "Så spelas sticken", fi-classic "Pelin kulku": the trick's cards go to its winner.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When the cards are played "2C 9S KC AS | QC 3H 3C KH"
    Then seat 2 wins the trick with 2 points
    And seat 2 has taken 2 points this deal
    And it is seat 2's turn

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

  @id:follow-007 @area:following_and_winning
  Scenario Outline: At a three-, five- or six-player table the highest card of the led suit wins
    Source: se "Hjärter för tre, fem och sex spelare" keeps every other rule at other table sizes;
    fi "Valmistelu eri pelaajamäärillä", no its section on three to six players and dk
    "Er I ikke fire?" only change the deck.
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And seat 0 holds "<opening>"
    And seat 1 holds "AC"
    And the other cards are dealt in deck order
    When seat 0 plays "<opening>"
    And seat 1 plays "AC"
    And the rest of the trick is played with the lowest legal cards
    Then seat 1 wins the trick

    @ruleset:fi @players:3
    Examples: fi 3 players
      | ruleset | players | deal | opening |
      | fi      | 3       | 3    | 2C      |

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | opening |
      | fi      | 5       | 3    | 3C      |

    @ruleset:fi @players:6
    Examples: fi 6 players
      | ruleset | players | deal | opening |
      | fi      | 6       | 4    | 2C      |

    @ruleset:se @players:3
    Examples: se 3 players
      | ruleset | players | deal | opening |
      | se      | 3       | 3    | 3C      |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal | opening |
      | se      | 5       | 5    | 3C      |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | opening |
      | se      | 6       | 4    | 3C      |

    @ruleset:no @players:3
    Examples: no 3 players
      | ruleset | players | deal | opening |
      | no      | 3       | 3    | 3C      |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | opening |
      | no      | 5       | 3    | 3C      |

    @ruleset:no @players:6
    Examples: no 6 players
      | ruleset | players | deal | opening |
      | no      | 6       | 4    | 3C      |

    @ruleset:dk @players:3
    Examples: dk 3 players
      | ruleset | players | deal | opening |
      | dk      | 3       | 3    | 2C      |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | deal | opening |
      | dk      | 5       | 3    | 2C      |

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | deal | opening |
      | dk      | 6       | 4    | 2C      |
