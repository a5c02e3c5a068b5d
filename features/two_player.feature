Feature: Two-player Hertta with a stock
  The fi-classic guide describes a two-player game: 13 cards each, the rest a face-down stock,
  the non-dealer leads the first trick, and after each card played a replacement is drawn while
  the stock lasts, either the trick's winner first or each player right after playing.

  In the dealt position the deck is given in order: the hands hold the clubs and diamonds and the
  stock holds the hearts (two of hearts on top) and then the spades.

  @id:two-001 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player
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

  @id:two-002 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player
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

  @id:two-003 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player
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

  @id:two-004 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player
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

  @id:two-005 @area:two_player @ruleset:fi-classic @players:2 @variant:two-player
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
