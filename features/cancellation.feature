Feature: Cancellation Hearts
  A variant for big tables with two decks shuffled together: two identical cards in one trick
  cancel each other, so neither can win it, but their points still go to the trick's winner.

  @id:cancel-001 @area:cancellation @variant:cancellation
  Scenario Outline: Two identical aces cancel and the next highest club wins the trick
    Source: dk "Varianter" (Cancellation Hearts: six to ten players, two decks, identical cards
    cancel each other's power to win); se "Hjärter för tre, fem och sex spelare" (the separate
    Cancellation Hearts for six to eleven players). Each row starts at a deal played without
    passing (deal 4 of a four-deal cycle, deal 3 of se's odd-table cycle); se opens with the 3C
    where its twos of clubs are taken out.
    Given a "<ruleset>" game for <players> players starting at deal <deal> with variants "cancellation"
    And seat 0 holds "<open> <open>"
    And seat 1 holds "AC"
    And seat 2 holds "AC"
    And seat 3 holds "KC"
    And the other cards are dealt in deck order
    When the cards are played "0:<open> 1:AC 2:AC 3:KC"
    And the rest of the trick is played with the lowest legal cards
    Then seat 3 wins the trick

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | deal | open |
      | dk      | 6       | 4    | 2C   |

    @ruleset:dk @players:8
    Examples: dk 8 players
      | ruleset | players | deal | open |
      | dk      | 8       | 4    | 2C   |

    @ruleset:dk @players:10
    Examples: dk 10 players
      | ruleset | players | deal | open |
      | dk      | 10      | 4    | 2C   |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | open |
      | se      | 6       | 4    | 3C   |

    @ruleset:se @players:8
    Examples: se 8 players
      | ruleset | players | deal | open |
      | se      | 8       | 4    | 2C   |

    @ruleset:se @players:11
    Examples: se 11 players
      | ruleset | players | deal | open |
      | se      | 11      | 3    | 3C   |

  @id:cancel-002 @area:cancellation @variant:cancellation
  Scenario Outline: A deal with two decks carries 52 points
    Source: as cancel-001; with two decks every point card is there twice (scoring as in dk
    "Strafpoint og hvordan de tælles" and se "Poängen"), kitty cards included. Each row's totals
    were rechecked trick by trick from the rules, without the engine: the legality of each lowest
    legal card, which identical pairs cancel and who then takes the trick, the kitty and the points.
    The se rows were computed again when se took twos out instead of a kitty (cancel-007), and
    checked to share out all 52 points; they were not rechecked by hand.
    Given a "<ruleset>" game for <players> players starting at deal <deal> with variants "cancellation"
    And seat 0 holds "<open> <open>"
    And seat 1 holds "AC"
    And seat 2 holds "AC"
    And seat 3 holds "KC"
    And the other cards are dealt in deck order
    When the cards are played "0:<open> 1:AC 2:AC 3:KC"
    And the rest of the deal is played with the lowest legal cards
    Then the deal scores "<points>"

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | deal | open | points        |
      | dk      | 6       | 4    | 2C   | 0 4 0 30 12 6 |

    @ruleset:dk @players:8
    Examples: dk 8 players
      | ruleset | players | deal | open | points             |
      | dk      | 8       | 4    | 2C   | 2 6 0 14 0 0 14 16 |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | open | points        |
      | se      | 6       | 4    | 3C   | 0 0 0 14 38 0 |

    @ruleset:se @players:11
    Examples: se 11 players
      | ruleset | players | deal | open | points                   |
      | se      | 11      | 3    | 3C   | 24 15 1 0 0 0 0 0 1 0 11 |

  @id:cancel-003 @area:cancellation @variant:cancellation @depends:dealing_and_decks
  Scenario Outline: The kitty of a two-deck table goes to the first trick's winner
    Source: dk "Er I ikke fire?" (the kitty joins the first trick winner's cards); the rulesets
    carry it over to Cancellation Hearts when the two decks do not divide evenly.
    Only dk keeps a kitty; se takes cards out instead (cancel-007).
    Given a "<ruleset>" game for <players> players starting at deal <deal> with variants "cancellation"
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
      | ruleset | players | deal | kitty |
      | dk      | 6       | 4    | KS AS |

    @ruleset:dk @players:9
    Examples: dk 9 players
      | ruleset | players | deal | kitty          |
      | dk      | 9       | 3    | TS JS QS KS AS |

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

  @id:cancel-006 @area:cancellation @variant:cancellation @depends:passing
  Scenario Outline: Cancellation Hearts passes by the ruleset's own cycle
    Source: the variant says nothing about passing (dk "Varianter", se "Hjärter för tre, fem och
    sex spelare"), so each ruleset's own cycle holds: at an even table the across seat exists and
    the four-deal cycle is played as written (dk "Kortbyttet før hver runde", se "Passningen");
    at an odd table dk plays the third deal without passing inside its four-deal cycle, and se
    uses its three-player rotation (left, right, no pass). Dropping the across step at even
    tables would make deal 3 a hold deal.
    Given a "<ruleset>" game for <players> players starting at deal <deal> with variants "cancellation"
    And the other cards are dealt in deck order
    Then the pass direction is "<direction>"
    And the phase is "<phase>"

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | deal | direction | phase   |
      | dk      | 6       | 3    | across    | passing |
      | dk      | 6       | 4    | none      | playing |

    @ruleset:dk @players:8
    Examples: dk 8 players
      | ruleset | players | deal | direction | phase   |
      | dk      | 8       | 3    | across    | passing |
      | dk      | 8       | 5    | left      | passing |

    @ruleset:dk @players:10
    Examples: dk 10 players
      | ruleset | players | deal | direction | phase   |
      | dk      | 10      | 3    | across    | passing |

    @ruleset:dk @players:7
    Examples: dk 7 players
      | ruleset | players | deal | direction | phase   |
      | dk      | 7       | 3    | none      | playing |
      | dk      | 7       | 4    | none      | playing |
      | dk      | 7       | 5    | left      | passing |

    @ruleset:se @players:8
    Examples: se 8 players
      | ruleset | players | deal | direction | phase   |
      | se      | 8       | 3    | across    | passing |
      | se      | 8       | 4    | none      | playing |

    @ruleset:se @players:10
    Examples: se 10 players
      | ruleset | players | deal | direction | phase   |
      | se      | 10      | 3    | across    | passing |

    @ruleset:se @players:9
    Examples: se 9 players
      | ruleset | players | deal | direction | phase   |
      | se      | 9       | 3    | none      | playing |
      | se      | 9       | 4    | left      | passing |

  @id:cancel-007 @area:cancellation @variant:cancellation
  Scenario Outline: se takes cards out of the two decks instead of leaving a kitty
    Source: se "Hjärter för tre, fem och sex spelare": the guide has no kitty anywhere and its
    principle for cards that do not divide is to take cards out until every hand is equal; which
    cards is an interpretation (spec/variants/cancellation.yaml): both twos of clubs first, then
    of diamonds, then the twos of spades, one of them alone where the count is odd. With the twos
    of clubs gone the three of clubs opens, as se says for its own smaller decks, from the first
    holder clockwise of the dealer's left. A kitty would leave hands short and keep the 2C.
    Given a "se" game for <players> players starting at deal <deal> with variants "cancellation"
    And seat 2 holds "3C"
    And seat 4 holds "3C"
    And the other cards are dealt in deck order
    Then seat 0 holds <hand> cards
    And it is seat 2's turn
    And seat 2 may play only "3C"

    @ruleset:se @players:6
    Examples: se 6 players
      | players | deal | hand |
      | 6       | 4    | 17   |

    @ruleset:se @players:7
    Examples: se 7 players
      | players | deal | hand |
      | 7       | 3    | 14   |

    @ruleset:se @players:9
    Examples: se 9 players
      | players | deal | hand |
      | 9       | 3    | 11   |

    @ruleset:se @players:11
    Examples: se 11 players
      | players | deal | hand |
      | 11      | 3    | 9    |

  @id:cancel-008 @area:cancellation @variant:cancellation
  Scenario Outline: A trick whose led-suit cards all cancel waits for the winner of the next trick
    Source: dk "Varianter" and se "Hjärter för tre, fem och sex spelare" say identical cards cancel
    but not what happens when every card of the led suit is cancelled; the variant follows the
    Bicycle rules it cites (spec/variants/cancellation.yaml, following.all_cancelled): the trick is
    set aside, its leader leads again, and the winner of the next trick takes it too. Seat 0
    deals, so seat 1, the first holder of an opening card to the dealer's left, opens; the clubs
    of the opening trick fall in identical pairs (at eight and ten players seats 6 to 9 play twins
    they get from the deck-order deal: 9C and 9C, or TC, TC, QC and QC). The next trick is played
    with the lowest legal cards. Giving the trick to its leader would end it won by seat 1.
    Given a "<ruleset>" game for <players> players starting at deal <deal> with variants "cancellation"
    And seat 1 holds "<open>"
    And seat 2 holds "<open>"
    And seat 3 holds "AC"
    And seat 4 holds "AC"
    And seat 5 holds "KC"
    And seat 0 holds "KC"
    And the other cards are dealt in deck order
    When the cards are played "<trick>"
    Then the trick is set aside
    And it is seat 1's turn
    When the rest of the trick is played with the lowest legal cards
    Then seat <taker> takes the set-aside cards "<set aside>"

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | deal | open | trick                         | taker | set aside         |
      | dk      | 6       | 4    | 2C   | 1:2C 2:2C 3:AC 4:AC 5:KC 0:KC | 5     | 2C 2C AC AC KC KC |

    @ruleset:dk @players:8
    Examples: dk 8 players
      | ruleset | players | deal | open | trick                                   | taker | set aside               |
      | dk      | 8       | 4    | 2C   | 1:2C 2:2C 3:AC 4:AC 5:KC 6:9C 7:9C 0:KC | 7     | 2C 2C AC AC KC KC 9C 9C |

    @ruleset:dk @players:10
    Examples: dk 10 players
      | ruleset | players | deal | open | trick                                             | taker | set aside                           |
      | dk      | 10      | 4    | 2C   | 1:2C 2:2C 3:AC 4:AC 5:KC 6:TC 7:TC 8:QC 9:QC 0:KC | 8     | 2C 2C AC AC KC KC TC TC QC QC       |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | open | trick                         | taker | set aside         |
      | se      | 6       | 4    | 3C   | 1:3C 2:3C 3:AC 4:AC 5:KC 0:KC | 4     | 3C 3C AC AC KC KC |

    @ruleset:se @players:8
    Examples: se 8 players
      | ruleset | players | deal | open | trick                                   | taker | set aside               |
      | se      | 8       | 4    | 2C   | 1:2C 2:2C 3:AC 4:AC 5:KC 6:9C 7:9C 0:KC | 7     | 2C 2C AC AC KC KC 9C 9C |

  @id:cancel-009 @area:cancellation @variant:cancellation @depends:dealing_and_decks @clause:P-play-2 @clause:P-events-1
  Scenario Outline: When the first trick is set aside, its taker gets the kitty with it, after the set-aside cards
    Source: dk "Er I ikke fire?" (the kitty joins the first trick winner's cards) with the set-aside
    rule of cancel-008 (spec/variants/cancellation.yaml, following.all_cancelled); spec/protocol.md
    6.5 orders the events: the kitty goes with the first trick, so it follows the set_aside_taken
    that hands the first trick over. The positions are cancel-008's dk rows.
    Given a "<ruleset>" game for <players> players starting at deal <deal> with variants "cancellation"
    And seat 1 holds "<open>"
    And seat 2 holds "<open>"
    And seat 3 holds "AC"
    And seat 4 holds "AC"
    And seat 5 holds "KC"
    And seat 0 holds "KC"
    And the other cards are dealt in deck order
    When the cards are played "<trick>"
    Then the trick is set aside
    And the kitty holds <kitty size> cards
    When the rest of the trick is played with the lowest legal cards
    Then the last "play" response's events end with "trick_won set_aside_taken kitty_taken"
    And seat <taker> takes the kitty "<kitty>"

    @ruleset:dk @players:6
    Examples: dk 6 players
      | ruleset | players | deal | open | trick                         | taker | kitty size | kitty |
      | dk      | 6       | 4    | 2C   | 1:2C 2:2C 3:AC 4:AC 5:KC 0:KC | 5     | 2          | KS AS |

    @ruleset:dk @players:10
    Examples: dk 10 players
      | ruleset | players | deal | open | trick                                             | taker | kitty size | kitty       |
      | dk      | 10      | 4    | 2C   | 1:2C 2:2C 3:AC 4:AC 5:KC 6:TC 7:TC 8:QC 9:QC 0:KC | 8     | 4          | JS QS KS AS |
