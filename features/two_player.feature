Feature: Two-player Hertta with a stock
  The fi-classic guide describes a two-player game: 13 cards each, the rest a face-down stock,
  the non-dealer leads the first trick, and after each card played a replacement is drawn while
  the stock lasts, either the trick's winner first or each player right after playing.

  In the dealt position the deck is given in order: the hands hold the clubs and diamonds and the
  stock holds the hearts (two of hearts on top) and then the spades.

  @id:two-001 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player @depends:passing
  Scenario Outline: The non-dealer leads the first trick after the pass
    Source: fi-classic "Kahden pelaajan hertta" (the player who did not deal starts; otherwise the
    four-player rules, passing included, apply).
    Given a "fi-classic" game for 2 players with dealer <dealer> with variants "two-player"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    Then it is seat <leader>'s turn
    And the stock holds 26 cards
    And seat 0 holds 13 cards

    Examples:
      | dealer | leader |
      | 0      | 1      |
      | 1      | 0      |

  @id:two-002 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player @depends:passing
  Scenario: By the official rules the trick's winner draws first
    Source: fi-classic "Kahden pelaajan hertta" (the winner takes the first card under the
    official rules).
    Given a "fi-classic" game for 2 players with variants "two-player"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the cards are played "1:2C 0:3C"
    Then seat 0 wins the trick
    And seat 0 draws 1 card first
    And seat 0 still holds "2H"
    And seat 1 still holds "3H"
    And the stock holds 24 cards

  @id:two-003 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player @depends:passing
  Scenario: By the practical rules each card is replaced right after it is played
    Source: fi-classic "Kahden pelaajan hertta" (the practical rules draw a replacement at once).
    Given a "fi-classic" game for 2 players with variants "two-player" with options "draw_order=replace_immediately"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the cards are played "1:2C"
    Then seat 1 still holds "2H"
    And the stock holds 25 cards
    When the cards are played "0:3C"
    Then seat 0 still holds "3H"
    And the stock holds 24 cards

  @id:two-004 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player @depends:passing
  Scenario: The opening lead may not be a point card
    Source: fi-classic "Kahden pelaajan hertta" names no opening card and keeps the four-player
    rules, whose first trick refuses point cards ("Pelin kulku"); the variant records this reading
    as an interpretation.
    Given a "fi-classic" game for 2 players with variants "two-player"
    And seat 1 holds "2C 4C 6C QS 2H"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    Then it is seat 1's turn
    And seat 1 may not play "QS 2H"
    And playing "QS" by seat 1 is refused with "points_on_first_trick"
    And seat 1 may play "3C 3D"

  @id:two-005 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player @depends:passing
  Scenario Outline: The whole deal is played until stock and hands are empty, 26 points in all
    Source: fi-classic "Kahden pelaajan hertta" (play goes on until the stock is gone and every card
    is played); the scoring is the four-player one ("Pisteenlasku"). Both rows' totals were
    rechecked by walking all 26 tricks from the rules, without the engine: each card's legality,
    each trick's winner, and which card each player draws under that drawing order.
    Given a "fi-classic" game for 2 players with variants "two-player"<options>
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the rest of the deal is played with the lowest legal cards
    Then the deal scores "<points>"
    And the stock holds 0 cards

    Examples:
      | options                                            | points |
      |                                                    | 10 16  |
      |  with options "draw_order=replace_immediately"     | 12 14  |

  @id:two-006 @area:two_player @players:2
  Scenario Outline: Only the two-player variant plays with two
    Source: fi "Valmistelu eri pelaajamäärillä" and se "Vad är Hjärter?" start at three players;
    no "Dette trenger du for å spille" advises against two; fi-classic describes two players only
    as its own variant ("Kahden pelaajan hertta").
    When a new game is requested for "<ruleset>" with 2 players
    Then the response is an error "invalid_game"

    @ruleset:fi
    Examples: fi
      | ruleset |
      | fi      |

    @ruleset:no
    Examples: no
      | ruleset |
      | no      |

    @ruleset:se
    Examples: se
      | ruleset |
      | se      |

    @ruleset:dk
    Examples: dk
      | ruleset |
      | dk      |

    @ruleset:fi-classic
    Examples: fi-classic without the variant
      | ruleset    |
      | fi-classic |

  @id:two-007 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player @depends:shooting_the_moon @depends:game_end_and_ties @depends:passing
  Scenario Outline: A moon in the two-player game ends it once the other total goes past 100
    Source: fi-classic "Kahden pelaajan hertta" keeps every rule of the four-player game it does
    not change, so a player who collects all the point cards scores nothing while everyone else,
    here the one opponent, takes 26 ("Pisteenlasku"), and only a total over 100 after a deal ends
    the game, the lowest total winning ("Pelin loppu"). In the deal seat 1 holds the clubs and
    seat 0 the diamonds; seat 1 passes its three lowest clubs and seat 0 its three highest
    diamonds, so each of seat 0's clubs and diamonds is below all of seat 1's. The stock pairs a
    spade for seat 1 with a heart for seat 0, in the order the trick's winner draws first. Seat 1
    leads every trick and seat 0 can never beat it (lower in clubs and diamonds, void in spades),
    so seat 1 takes all 26 tricks, every heart and the queen among them: seat 0 goes from 74 to
    exactly 100, or from 80 to 106, while seat 1 keeps 10.
    Given a "fi-classic" game for 2 players with variants "two-player" with totals "<before>"
    And seat 0 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    And seat 1 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And the stock holds "2S 2H 3S 3H 4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H TS TH JS JH QS QH KS KH AS AH"
    When the seats pass "1:2C 3C 4C; 0:QD KD AD"
    And the rest of the deal is played with the lowest legal cards
    Then seat 1 shot the moon scored as "add_to_others"
    And the totals are "<after>"
    And <outcome>

    Examples:
      | before | after  | outcome                          |
      | 74 10  | 100 10 | the game is not over             |
      | 80 10  | 106 10 | the game is over with winner "1" |

  @id:two-008 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player @depends:game_end_and_ties @depends:passing
  Scenario Outline: A two-player game limited to 15 deals ends after the fifteenth
    Source: fi-classic "Variaatioita" lets a table cap the game, its example being 100 points or
    15 deals, whichever comes first; the list is not tied to a table size, and "Kahden pelaajan
    hertta" keeps what it does not change. Seat 0, 60 behind seat 1, stays lowest whatever the
    deal gives (at most 26), and neither total can pass 100 in one deal, so only the deal limit
    ends the game. The deal is two-009's (seat 0 takes the queen, seat 1 every heart); seat 0
    deals, as by default, so seat 1 leads.
    Given a "fi-classic" game for 2 players with variants "two-player" starting at deal <deal> with options "max_deals=15" with totals "0 60"
    And seat 0 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD QS"
    And seat 1 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And the stock holds "2S 2H 3H 3S 4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H TS TH JS JH KS QH AS KH AD AH"
    When the seats pass "1:2C 3C 4C; 0:JD QD KD"
    And the rest of the deal is played with the lowest legal cards
    Then <outcome>

    Examples:
      | deal | outcome                          |
      | 14   | the game is not over             |
      | 15   | the game is over with winner "0" |

  @id:two-009 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player @depends:game_end_and_ties @depends:passing
  Scenario: Two players level on the lowest total when the game ends share the win
    Source: fi-classic "Pelin loppu" names the lowest total the winner and never says what a tie
    for it means; the ruleset lets the tied players share the win (an interpretation), and
    "Kahden pelaajan hertta" changes nothing there. With two players a tie for the lowest total
    is a tie of both totals. The deal splits the points 13 and 13: seat 1 holds the clubs, seat 0
    the diamonds but the ace, and the queen of spades; seat 1 passes its three lowest clubs, seat
    0 three high diamonds. Seat 1 wins every trick but the second, where seat 0 must follow the
    two of spades with its only spade, the queen; seat 0 then leads the two of diamonds, which
    seat 1's jack takes, and seat 1 leads to the end (seat 0 is lower in clubs and diamonds and
    never holds another spade; the stock gives seat 1 the spades and the ace of diamonds, seat 0
    the hearts, the trick's winner drawing first). So seat 0 takes the queen and seat 1 all
    thirteen hearts, and both go from 90 to 103.
    Given a "fi-classic" game for 2 players with variants "two-player" with totals "90 90"
    And seat 0 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD QS"
    And seat 1 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And the stock holds "2S 2H 3H 3S 4S 4H 5S 5H 6S 6H 7S 7H 8S 8H 9S 9H TS TH JS JH KS QH AS KH AD AH"
    When the seats pass "1:2C 3C 4C; 0:JD QD KD"
    And the rest of the deal is played with the lowest legal cards
    Then the deal scores "13 13"
    And the totals are "103 103"
    And the game is over with winners "0 1"

  @id:two-010 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player @depends:passing
  Scenario Outline: The two-player game takes the listed passing variations
    Source: fi-classic "Kahden pelaajan hertta" keeps everything it does not list as in the
    four-player rules, so the variations of "Variaatioita" on passing apply to it as well:
    no-passing plays every deal as dealt, and pass-left passes to the left, to the opponent, every
    deal (which a two-player pass does anyway). The variants are named in either order.
    Given a "fi-classic" game for 2 players starting at deal <deal> with variants "<variants>"
    And the other cards are dealt in deck order
    Then the pass direction is "<direction>"
    And the phase is "<phase>"
    And seat 0 holds 13 cards

    @variant:no-passing
    Examples: no-passing
      | deal | variants              | direction | phase   |
      | 1    | two-player no-passing | none      | playing |
      | 2    | no-passing two-player | none      | playing |

    @variant:pass-left
    Examples: pass-left
      | deal | variants             | direction | phase   |
      | 1    | two-player pass-left | left      | passing |
      | 3    | pass-left two-player | left      | passing |
