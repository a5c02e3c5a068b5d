Feature: Cancellation Hearts
  A variant for big tables with two decks shuffled together: two identical cards in one trick
  cancel each other, so neither can win it, but their points still go to the trick's winner.

  @id:cancel-001 @area:cancellation @variant:cancellation
  Scenario Outline: Two identical aces cancel and the next highest club wins the trick
    Source: dk "Varianter" (Cancellation Hearts: six to ten players, two decks, identical cards
    cancel each other's power to win); se "Hjärter för tre, fem och sex spelare" (the separate
    Cancellation Hearts for six to eleven players).
    Given a "<ruleset>" game for <players> players starting at deal 3 with variants "cancellation"
    And seat 0 holds "2C 2C"
    And seat 1 holds "AC"
    And seat 2 holds "AC"
    And seat 3 holds "KC"
    And the other cards are dealt in deck order
    When the cards are played "0:2C 1:AC 2:AC 3:KC"
    And the rest of the trick is played with the lowest legal cards
    Then seat 3 wins the trick

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players |
      | dk      | 6       |

    @ruleset:dk @players:8
    Examples: dk 8 players
      | ruleset | players |
      | dk      | 8       |

    @ruleset:dk @players:10
    Examples: dk 10 players
      | ruleset | players |
      | dk      | 10      |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players |
      | se      | 6       |

    @ruleset:se @players:8
    Examples: se 8 players
      | ruleset | players |
      | se      | 8       |

    @ruleset:se @players:11
    Examples: se 11 players
      | ruleset | players |
      | se      | 11      |

  @id:cancel-002 @area:cancellation @variant:cancellation
  Scenario Outline: A deal with two decks carries 52 points
    Source: as cancel-001; with two decks every point card is there twice (scoring as in dk
    "Strafpoint og hvordan de tælles" and se "Poängen"), kitty cards included. Each row's totals
    were rechecked trick by trick from the rules, without the engine: the legality of each lowest
    legal card, which identical pairs cancel and who then takes the trick, the kitty and the points.
    Given a "<ruleset>" game for <players> players starting at deal 3 with variants "cancellation"
    And seat 0 holds "2C 2C"
    And seat 1 holds "AC"
    And seat 2 holds "AC"
    And seat 3 holds "KC"
    And the other cards are dealt in deck order
    When the cards are played "0:2C 1:AC 2:AC 3:KC"
    And the rest of the deal is played with the lowest legal cards
    Then the deal scores "<points>"

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | points        |
      | dk      | 6       | 0 4 0 30 12 6 |

    @ruleset:dk @players:8
    Examples: dk 8 players
      | ruleset | players | points             |
      | dk      | 8       | 2 6 0 14 0 0 14 16 |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | points        |
      | se      | 6       | 0 4 0 30 12 6 |

    @ruleset:se @players:11
    Examples: se 11 players
      | ruleset | players | points                   |
      | se      | 11      | 11 0 13 15 6 0 0 7 0 0 0 |

  @id:cancel-003 @area:cancellation @variant:cancellation
  Scenario Outline: The kitty of a two-deck table goes to the first trick's winner
    Source: dk "Er I ikke fire?" (the kitty joins the first trick winner's cards); the rulesets
    carry it over to Cancellation Hearts when the two decks do not divide evenly.
    Given a "<ruleset>" game for <players> players starting at deal 3 with variants "cancellation"
    And seat 0 holds "2C 2C"
    And seat 1 holds "AC"
    And seat 2 holds "AC"
    And seat 3 holds "KC"
    And the other cards are dealt in deck order
    When the cards are played "0:2C 1:AC 2:AC 3:KC"
    And the rest of the trick is played with the lowest legal cards
    Then seat 3 takes the kitty "<kitty>"

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | kitty |
      | dk      | 6       | KS AS |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | kitty |
      | se      | 6       | KS AS |

    @ruleset:se @players:11
    Examples: se 11 players
      | ruleset | players | kitty          |
      | se      | 11      | TS JS QS KS AS |

  @id:cancel-004 @area:cancellation @variant:cancellation
  Scenario Outline: Cancellation Hearts is for six to ten (dk) or six to eleven (se) players
    Source: dk "Varianter" (six to ten players), se "Hjärter för tre, fem och sex spelare" (six to
    eleven).
    When a new game is requested for "<ruleset>" with <players> players with variants "cancellation"
    Then the response is <verdict>

    @ruleset:dk @players:11
    Examples: dk 11 players
      | ruleset | players | verdict                 |
      | dk      | 11      | an error "invalid_game" |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | ruleset | players | verdict                 |
      | dk      | 5       | an error "invalid_game" |

    @ruleset:dk @players:10
    Examples: dk 10 players
      | ruleset | players | verdict |
      | dk      | 10      | ok      |

    @ruleset:se @players:12
    Examples: se 12 players
      | ruleset | players | verdict                 |
      | se      | 12      | an error "invalid_game" |

    @ruleset:se @players:11
    Examples: se 11 players
      | ruleset | players | verdict |
      | se      | 11      | ok      |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | players | verdict                 |
      | se      | 4       | an error "invalid_game" |

  @id:cancel-005 @area:cancellation @variant:cancellation
  Scenario Outline: When every card of the led suit is cancelled by its twin, the leader takes the trick
    Source: dk "Varianter" and se "Hjärter för tre, fem och sex spelare" say identical cards cancel
    but not what happens when no card of the led suit is left uncancelled; the cancellation variant
    (spec/variants/cancellation.yaml, following.all_cancelled) gives such a trick to the player who
    led it, an interpretation. Seat 0 deals, so seat 1, the first holder of a 2C to the dealer's
    left, opens; the clubs of the opening trick fall in identical pairs (at eight and ten players
    seats 6 to 9 play twins they get from the deck-order deal: 9C and 9C, or TC, TC, QC and QC).
    Given a "<ruleset>" game for <players> players starting at deal 3 with variants "cancellation"
    And seat 1 holds "2C"
    And seat 2 holds "2C"
    And seat 3 holds "AC"
    And seat 4 holds "AC"
    And seat 5 holds "KC"
    And seat 0 holds "KC"
    And the other cards are dealt in deck order
    When the cards are played "<trick>"
    Then seat 1 wins the trick
    And it is seat 1's turn

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | trick                         |
      | dk      | 6       | 1:2C 2:2C 3:AC 4:AC 5:KC 0:KC |

    @ruleset:dk @players:8
    Examples: dk 8 players
      | ruleset | players | trick                                   |
      | dk      | 8       | 1:2C 2:2C 3:AC 4:AC 5:KC 6:9C 7:9C 0:KC |

    @ruleset:dk @players:10
    Examples: dk 10 players
      | ruleset | players | trick                                             |
      | dk      | 10      | 1:2C 2:2C 3:AC 4:AC 5:KC 6:TC 7:TC 8:QC 9:QC 0:KC |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | trick                         |
      | se      | 6       | 1:2C 2:2C 3:AC 4:AC 5:KC 0:KC |

    @ruleset:se @players:8
    Examples: se 8 players
      | ruleset | players | trick                                   |
      | se      | 8       | 1:2C 2:2C 3:AC 4:AC 5:KC 6:9C 7:9C 0:KC |
