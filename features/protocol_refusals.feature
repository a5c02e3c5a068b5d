Feature: Protocol refusals: the order of errors, and a refusal changes nothing
  Each row sends a request that breaks two rules next to each other in a command's documented
  order, and expects the earlier one; every refusal leaves the game exactly as it was
  (spec/protocol.md, sections 2, 5, 6 and 9). Positions are four-player deals of the first ruleset
  the engine claims among fi, no, se, dk and fi-classic, unless a row needs one ruleset's rule.

  @id:proto-order-001 @area:protocol_refusals @clause:P-play-3 @clause:P-phases-4 @clause:P-seats-1 @clause:P-errors-1 @clause:P-envelope-15
  Scenario Outline: play checks its errors in the documented order
    Source: spec/protocol.md 6.5: bad_request, wrong_phase, not_your_turn, invalid_card,
    card_not_in_hand, must_lead_opening_card, must_follow_suit, points_on_first_trick,
    hearts_not_broken. Seat 0 holds 2C and leads; seat 1 holds 4C (not seat 0's) and XC is not in
    a four-player deck.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C"
    And seat 1 holds "4C QS"
    And the other cards are dealt in deck order
    When the engine is sent '<line>'
    Then the response is an error "<code>"
    And the game is unchanged

    Examples:
      | line                                                   | code                   |
      | {"id": 1, "cmd": "play", "seat": 9, "card": "ZZ"}      | bad_request            |
      | {"id": 2, "cmd": "play", "seat": -1, "card": "2C"}     | bad_request            |
      | {"id": 3, "cmd": "play", "seat": 1, "card": 5}         | bad_request            |
      | {"id": 5, "cmd": "play", "seat": 1, "card": "ZZ"}      | not_your_turn          |
      | {"id": 6, "cmd": "play", "seat": 0, "card": "XC"}      | invalid_card           |
      | {"id": 7, "cmd": "play", "seat": 0, "card": "4C"}      | card_not_in_hand       |
      | {"id": 8, "cmd": "play", "seat": 0, "card": "3C"}      | must_lead_opening_card |

  @id:proto-order-013 @area:protocol_refusals @tier:hardening @ruleset:fi @players:4 @clause:P-envelope-7 @clause:P-envelope-15
  Scenario Outline: An integer field written with a fraction part is bad_request, and the game is unchanged
    Source: spec/protocol.md 2: an integer is written without a fraction or exponent, so 1.0 is
    no seat and 4.0 no number of players, however a lenient reader would round them. Seat 1 is not
    to play, so a reader that takes 1.0 as 1 answers not_your_turn; a new_game that took 4.0 as 4
    would start a game.
    Given a "fi" game for 4 players starting at deal 4
    And seat 0 holds "2C"
    And seat 1 holds "4C QS"
    And the other cards are dealt in deck order
    When the engine is sent '<line>'
    Then the response is an error "bad_request"
    And the game is unchanged

    Examples:
      | line                                                                                    |
      | {"id": 1, "cmd": "play", "seat": 1.0, "card": "4C"}                                     |
      | {"id": 2, "cmd": "new_game", "ruleset": "fi", "players": 4.0}                           |
      | {"id": 3, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"dealer": 1.0}} |

  @id:proto-order-002 @area:protocol_refusals @clause:P-play-3 @clause:P-errors-1 @depends:following_and_winning
  Scenario: must_follow_suit comes before points_on_first_trick
    Source: spec/protocol.md 6.5: seat 1 holds clubs and plays the queen of spades to the first
    trick; following suit is checked first (in a ruleset that allows points there, it is the only
    rule broken).
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C"
    And seat 1 holds "4C QS"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    Then playing "QS" by seat 1 is refused with "must_follow_suit"

  @id:proto-order-003 @area:protocol_refusals @ruleset:fi-classic @players:4 @variant:open-any @clause:P-play-3
  Scenario: points_on_first_trick comes before hearts_not_broken
    Source: spec/protocol.md 6.5, with fi-classic "Variaatioita" (open-any: the dealer's left
    neighbour opens with any card that carries no points). Leading the ace of hearts to the first
    trick breaks both rules; the first-trick rule is reported.
    Given a "fi-classic" game for 4 players at a deal without passing with variants "open-any"
    And seat 1 holds "AH 5C"
    And the other cards are dealt in deck order
    Then playing "AH" by seat 1 is refused with "points_on_first_trick"
    And playing "5C" by seat 1 is accepted

  @id:proto-order-004 @area:protocol_refusals @clause:P-phases-2 @clause:P-phases-4 @clause:P-deal-4 @clause:P-choose-2 @clause:P-errors-1
  Scenario Outline: In phase passing, shape errors come first, then the phase
    Source: spec/protocol.md 5 (order of errors) and 6.3 to 6.8.
    Given a game for 4 players of a ruleset the engine claims
    And the other cards are dealt in deck order
    When the engine is sent '<line>'
    Then the response is an error "<code>"
    And the game is unchanged

    Examples:
      | line                                                                   | code        |
      | {"id": 1, "cmd": "play", "seat": "0", "card": "2C"}                    | bad_request |
      | {"id": 2, "cmd": "play", "seat": 0}                                    | bad_request |
      | {"id": 3, "cmd": "play", "seat": 1, "card": "ZZ"}                      | wrong_phase |
      | {"id": 4, "cmd": "choose", "seat": 0, "option": "double"}              | bad_request |
      | {"id": 5, "cmd": "choose", "seat": 1, "option": "add_to_others"}       | wrong_phase |
      | {"id": 6, "cmd": "deal", "hands": [[1]]}                               | bad_request |
      | {"id": 7, "cmd": "deal", "hands": "all"}                               | bad_request |
      | {"id": 8, "cmd": "deal", "hands": [["2C"]], "kitty": [7]}              | bad_request |
      | {"id": 9, "cmd": "deal", "hands": [["ZZ"]]}                            | wrong_phase |
      | {"id": 10, "cmd": "legal", "seat": 4}                                  | bad_request |
      | {"id": 11, "cmd": "legal", "seat": "1"}                                | bad_request |
      | {"id": 12, "cmd": "legal"}                                             | bad_request |
      | {"id": 13, "cmd": "pass", "seat": 0, "cards": "2C 6C TC"}              | bad_request |
      | {"id": 14, "cmd": "pass", "seat": 0}                                   | bad_request |
      | {"id": 15, "cmd": "pass", "seat": 0, "cards": [1, 2, 3]}               | bad_request |
      | {"id": 16, "cmd": "pass", "seat": 4, "cards": ["2C", "6C", "TC"]}      | bad_request |

  @id:proto-order-005 @area:protocol_refusals @clause:P-pass-5 @clause:P-pass-4 @clause:P-errors-1 @depends:passing
  Scenario Outline: pass checks its errors in the documented order
    Source: spec/protocol.md 6.4: bad_request, wrong_phase, already_passed, invalid_card,
    invalid_pass, card_not_in_hand. Seat 1 has passed; seat 0 holds 2C 3C 4C but not 6C.
    Given a game for 4 players of a ruleset the engine claims
    And seat 0 holds "2C 3C 4C"
    And seat 1 holds "6C 7C 8C"
    And the other cards are dealt in deck order
    When seat 1 passes "6C 7C 8C"
    And the engine is sent '<line>'
    Then the response is an error "<code>"
    And the game is unchanged

    Examples:
      | line                                                             | code             |
      | {"id": 1, "cmd": "pass", "seat": 1, "cards": ["ZZ", 6, "7C"]}    | bad_request      |
      | {"id": 2, "cmd": "pass", "seat": 1, "cards": ["ZZ", "6C"]}       | already_passed   |
      | {"id": 3, "cmd": "pass", "seat": 0, "cards": ["ZZ", "2C"]}       | invalid_card     |
      | {"id": 4, "cmd": "pass", "seat": 0, "cards": ["XC", "2C", "3C"]} | invalid_card     |
      | {"id": 5, "cmd": "pass", "seat": 0, "cards": ["6C", "7C"]}       | invalid_pass     |
      | {"id": 6, "cmd": "pass", "seat": 0, "cards": ["2C", "2C", "3C"]} | invalid_pass     |
      | {"id": 7, "cmd": "pass", "seat": 0, "cards": ["2c", "2C", "3C"]} | invalid_pass     |
      | {"id": 8, "cmd": "pass", "seat": 0, "cards": ["6C", "2C", "3C"]} | card_not_in_hand |

  @id:proto-order-006 @area:protocol_refusals @clause:P-pass-5 @clause:P-phases-2 @depends:passing
  Scenario: A pass after the exchange is wrong_phase, though the seat has passed
    Source: spec/protocol.md 6.4: wrong_phase comes before already_passed.
    Given a game for 4 players of a ruleset the engine claims
    And seat 0 holds "2C 3C 4C"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    Then passing "5C 6C 7C" by seat 0 is refused with "wrong_phase"

  @id:proto-order-007 @area:protocol_refusals @clause:P-deal-4 @clause:P-deal-2 @clause:P-errors-1
  Scenario Outline: deal checks its errors in the documented order
    Source: spec/protocol.md 6.3: bad_request (shape, or both seed and hands), wrong_phase,
    invalid_card, invalid_deal.
    Given a game for 4 players of a ruleset the engine claims
    When the engine is sent '<line>'
    Then the response is an error "<code>"
    And the game is unchanged
    And the state field "phase" is "deal"

    Examples:
      | line                                                    | code         |
      | {"id": 1, "cmd": "deal"}                                | bad_request  |
      | {"id": 2, "cmd": "deal", "hands": [[2]]}                | bad_request  |
      | {"id": 3, "cmd": "deal", "seed": 1, "hands": [["2C"]]}  | bad_request  |
      | {"id": 4, "cmd": "deal", "hands": [["ZZ"]]}             | invalid_card |
      | {"id": 5, "cmd": "deal", "hands": [[" 2C"]]}            | invalid_card |
      | {"id": 6, "cmd": "deal", "hands": [["2C"]]}             | invalid_deal |

  @id:proto-order-008 @area:protocol_refusals @ruleset:fi @players:4 @clause:P-new_game-5 @clause:P-new_game-6 @clause:P-new_game-7 @clause:P-new_game-4 @clause:P-envelope-7 @clause:P-envelope-15
  Scenario Outline: new_game checks its errors in the documented order, and a refused one keeps the game
    Source: spec/protocol.md 6.2: bad_request (missing or mistyped fields, options of the wrong JSON
    type), unsupported, invalid_game. The game in progress is untouched by a refused new_game.
    Given a "fi" game for 4 players starting at deal 4
    And seat 0 holds "2C"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    And the engine is sent '<line>'
    Then the response is an error "<code>"
    And the game is unchanged

    Examples:
      | line                                                                                            | code         |
      | {"id": 1, "cmd": "new_game", "ruleset": "xx", "players": "4"}                                   | bad_request  |
      | {"id": 2, "cmd": "new_game", "ruleset": "xx", "players": 4, "options": {"target": "50"}}        | bad_request  |
      | {"id": 3, "cmd": "new_game", "ruleset": "xx", "players": 4, "options": []}                      | bad_request  |
      | {"id": 6, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"totals": [0, 0, 0, "a"]}} | bad_request |
      | {"id": 7, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"max_deals": "3"}}      | bad_request  |
      | {"id": 8, "cmd": "new_game", "ruleset": "fi", "players": 4, "variants": "none"}                 | bad_request  |
      | {"id": 9, "cmd": "new_game", "ruleset": "xx", "players": 99}                                    | unsupported  |
      | {"id": 10, "cmd": "new_game", "ruleset": "xx", "players": 4, "options": {"nonsense": 1}}        | unsupported  |
      | {"id": 11, "cmd": "new_game", "ruleset": "fi", "players": 99, "variants": ["zz"]}               | unsupported  |
      | {"id": 12, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"nonsense": 1}}        | invalid_game |
      | {"id": 13, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"target": 0}}          | invalid_game |
      | {"id": 14, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"dealer": 4}}          | invalid_game |
      | {"id": 15, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"deal_number": 0}}     | invalid_game |
      | {"id": 16, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"totals": [0, 0, 0]}}  | invalid_game |
      | {"id": 17, "cmd": "new_game", "ruleset": "fi", "players": 4, "options": {"target": null}}       | invalid_game |

  @id:proto-order-009 @area:protocol_refusals @clause:P-choose-2 @clause:P-choose-1 @clause:P-phases-2 @clause:P-legal-2 @depends:shooting_the_moon
  Scenario Outline: In phase moon_choice only the shooter may choose, and every other move is wrong_phase
    Source: spec/protocol.md 6.6: bad_request, wrong_phase, not_your_turn; no "Å «skyte månen»",
    dk "At tage alt – den store gamble" (the shooter picks how the moon scores). Seat 0 holds every club and takes every trick.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H"
    And seat 3 holds "9S TS JS QS KS AS 8H 9H TH JH QH KH AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then seat 0 is asked how to score the moon
    And no seat may play anything
    When the engine is sent '<line>'
    Then the response is an error "<code>"
    And the game is unchanged

    @ruleset:no @players:4
    Examples: no
      | ruleset | line                                                              | code          |
      | no      | {"id": 1, "cmd": "choose", "seat": 1, "option": "double"}         | bad_request   |
      | no      | {"id": 2, "cmd": "choose", "seat": 0}                             | bad_request   |
      | no      | {"id": 3, "cmd": "choose", "seat": 1, "option": "add_to_others"}  | not_your_turn |
      | no      | {"id": 4, "cmd": "play", "seat": 0, "card": "2C"}                 | wrong_phase   |
      | no      | {"id": 5, "cmd": "deal", "hands": [["ZZ"]]}                       | wrong_phase   |
      | no      | {"id": 6, "cmd": "pass", "seat": 0, "cards": ["2C", "3C", "4C"]}  | wrong_phase   |

    @ruleset:dk @players:4
    Examples: dk
      | ruleset | line                                                              | code          |
      | dk      | {"id": 1, "cmd": "choose", "seat": 1, "option": "double"}         | bad_request   |
      | dk      | {"id": 3, "cmd": "choose", "seat": 1, "option": "add_to_others"}  | not_your_turn |

  @id:proto-order-010 @area:protocol_refusals @clause:P-phases-2 @clause:P-legal-2
  Scenario Outline: After the game ends every move is wrong_phase
    Source: spec/protocol.md 5: game_over waits for nothing; state, legal, new_game and quit still
    answer. Seat 3 starts far past any target, so the game ends with the deal.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4 with totals "0 0 0 500"
    And seat 0 holds "2C"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the phase is "game_over"
    And no seat may play anything
    When the engine is sent '<line>'
    Then the response is an error "wrong_phase"
    And the game is unchanged

    Examples:
      | line                                                              |
      | {"id": 1, "cmd": "play", "seat": 0, "card": "2C"}                 |
      | {"id": 2, "cmd": "deal", "hands": [["ZZ"]]}                       |
      | {"id": 3, "cmd": "pass", "seat": 0, "cards": ["2C", "3C", "4C"]}  |
      | {"id": 4, "cmd": "choose", "seat": 0, "option": "add_to_others"}  |

  @id:proto-order-011 @area:protocol_refusals @clause:P-phases-3
  Scenario: Before the first new_game every game command is wrong_phase, whatever its fields
    Source: spec/protocol.md 5: there is no game, so no table to check a seat or a card against.
    When a fresh engine is sent each of these lines, then its input ends
      | {"id": 1, "cmd": "state"}                            |
      | {"id": 2, "cmd": "legal", "seat": 0}                 |
      | {"id": 3, "cmd": "legal"}                            |
      | {"id": 4, "cmd": "play", "seat": "x", "card": 5}     |
      | {"id": 5, "cmd": "deal", "hands": 5}                 |
      | {"id": 6, "cmd": "pass"}                             |
      | {"id": 7, "cmd": "choose", "option": "zz"}           |
    Then each of those lines was refused with "wrong_phase"
    And that engine exits with status 0

  @id:proto-order-012 @area:protocol_refusals @clause:P-envelope-15 @clause:P-pass-5 @clause:P-pass-3 @depends:passing
  Scenario: A refused pass holds on to none of its cards: the seat's next pass is what it gives
    Source: spec/protocol.md 2 and 6.4: a failed request leaves the game exactly as it was, so a pass
    refused for its third card keeps nothing of the first two, and marks no seat as passed; the seat
    then passes other cards, and those are the ones its neighbour receives.
    Given a game for 4 players of a ruleset the engine claims
    And seat 0 holds "AS KS 2D 3D 4D"
    And seat 1 holds "QS"
    And the other cards are dealt in deck order
    Then passing "AS KS QS" by seat 0 is refused with "card_not_in_hand"
    And passing "AS 2D ZZ" by seat 0 is refused with "invalid_card"
    And the state field "passed" is []
    When seat 0 passes "2D 3D 4D"
    And the seats that have not passed pass the first 3 cards they were dealt
    Then seat 1 receives "2D 3D 4D" from seat 0
    And seat 0 still holds "AS KS"
