Feature: Protocol state, legal and the handshake in every phase
  What hello, new_game, deal, state and legal answer in each phase of a game (spec/protocol.md,
  sections 4 to 6). Positions are four-player deals of the first ruleset the engine claims among
  fi, no, se, dk and fi-classic, unless a scenario needs one ruleset's rule.

  @id:proto-state-001 @area:protocol_state @clause:P-hello-1 @clause:P-hello-2 @clause:P-hello-3
  Scenario: hello names protocol 1, and every table size it claims starts a game
    Source: spec/protocol.md 6.1: supports lists what the engine plays; a size listed under
    supports.players is never answered unsupported.
    When the engine is sent '{"id": "hi", "cmd": "hello"}'
    Then the response is ok
    And the response field "protocol" is 1
    And every table size the engine claims starts a new game

  @id:proto-state-002 @area:protocol_state @clause:P-new_game-1 @clause:P-state-1 @clause:P-state-2 @clause:P-legal-2 @depends:passing
  Scenario: Before the first deal the state shows the deal to come, with empty hands
    Source: spec/protocol.md 6.2 and 6.7: new_game answers phase deal; in phase deal the state has
    every field, the hands are empty and nobody may play.
    Given a game for 4 players of a ruleset the engine claims with dealer 2
    Then the last "new_game" response's field "phase" is "deal"
    And the state field "phase" is "deal"
    And the state field "deal_number" is 1
    And the state field "dealer" is 2
    And the state field "pass_direction" is "left"
    And the state field "turn" is null
    And the state field "hands" is [[], [], [], []]
    And the state field "trick" is []
    And the state field "passed" is []
    And the state field "hearts_broken" is false
    And the state field "deal_points" is [0, 0, 0, 0]
    And the state field "totals" is [0, 0, 0, 0]
    And the state has no field "winners"
    And no seat may play anything

  @id:proto-state-003 @area:protocol_state @clause:P-state-2 @clause:P-phases-1 @depends:passing
  Scenario: After a deal the state shows the next one, with nothing carried over
    Source: spec/protocol.md 6.7: after next_deal the phase is deal again; the deal's points are in
    the totals, not in deal_points; the hands, the trick and hearts are reset.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the state field "phase" is "deal"
    And the state field "deal_number" is 5
    And the state field "dealer" is 1
    And the state field "pass_direction" is "left"
    And the state field "turn" is null
    And the state field "hands" is [[], [], [], []]
    And the state field "trick" is []
    And the state field "hearts_broken" is false
    And the state field "deal_points" is [0, 0, 0, 0]
    And no seat may play anything

  @id:proto-state-004 @area:protocol_state @clause:P-state-1 @clause:P-legal-2 @clause:P-pass-3 @depends:passing
  Scenario: While passing, the state names the seats that passed and nobody may play
    Source: spec/protocol.md 6.4, 6.7 and 6.8.
    Given a game for 4 players of a ruleset the engine claims
    And seat 2 holds "3D 4D 5D"
    And the other cards are dealt in deck order
    When seat 2 passes "3D 4D 5D"
    Then the state field "phase" is "passing"
    And the state field "passed" is [2]
    And the state field "turn" is null
    And seat 2 holds 13 cards
    And seat 2 still holds "3D 4D 5D"
    And no seat may play anything

  @id:proto-state-005 @area:protocol_state @clause:P-legal-1 @clause:P-legal-2 @clause:P-state-1
  Scenario: While playing, legal lists the mover's cards in card order, and nothing for the others
    Source: spec/protocol.md 6.8: distinct names, in card order; empty for a seat whose turn it is
    not. Seat 1 follows the two of clubs with one of its clubs.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C"
    And seat 1 holds "KC 4C QC 8C"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    Then seat 1 may play "4C 8C QC KC"
    And seat 1's legal cards are listed in card order
    And seat 0 may play only ""
    And seat 2 may play only ""
    And the state field "trick" is [{"seat": 0, "card": "2C"}]
    And the state field "turn" is 1

  @id:proto-state-006 @area:protocol_state @ruleset:fi @players:4 @clause:P-state-3 @clause:P-legal-2 @depends:shooting_the_moon
  Scenario: After the game ends, deal_points is the last deal's score with the moon in it
    Source: spec/protocol.md 6.7, with fi "Puhallus – kaikki 26 pistettä itselle" (a moon adds 26 to
    every other seat) and fi "Pelin tavoite" (over 100 ends the game). Seat 0 holds every club and
    takes every trick; seat 3 starts at 90 and ends at 116.
    Given a "fi" game for 4 players starting at deal 4 with totals "0 0 0 90"
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H"
    And seat 3 holds "9S TS JS QS KS AS 8H 9H TH JH QH KH AH"
    When the rest of the deal is played with the lowest legal cards
    Then the game is over with winner "0"
    And the state field "deal_points" is [0, 26, 26, 26]
    And the state field "totals" is [0, 26, 26, 116]
    And the state field "winners" is [0]
    And no seat may play anything

  @id:proto-state-007 @area:protocol_state @clause:P-seats-2 @clause:P-deal-3 @clause:P-phases-1 @depends:passing
  Scenario Outline: Each deal passes the way the cycle gives its number, and the deal says so
    Source: spec/protocol.md 4 and 6.3: at four players every one of these rulesets passes left,
    right, across, then holds; the deal's response gives the phase, the direction and the leader.
    Given a game for 4 players of a ruleset the engine claims starting at deal <deal>
    And seat 3 holds "2C"
    And the other cards are dealt in deck order
    Then the last "deal" response's field "phase" is "<phase>"
    And the last "deal" response's field "pass_direction" is "<direction>"
    And the last "deal" response's field "turn" is <turn>
    And the pass direction is "<direction>"

    Examples:
      | deal | phase   | direction | turn |
      | 1    | passing | left      | null |
      | 2    | passing | right     | null |
      | 3    | passing | across    | null |
      | 4    | playing | none      | 3    |

  @id:proto-state-008 @area:protocol_state @clause:P-new_game-2
  Scenario: new_game replaces a game in progress
    Source: spec/protocol.md 6.2.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    And a new game is requested for "fi" with 4 players
    Then the response is ok
    And the state field "phase" is "deal"
    And the state field "deal_number" is 1
    And the state field "hands" is [[], [], [], []]
    And the state field "trick" is []

  @id:proto-state-009 @area:protocol_state @ruleset:fi @players:4 @clause:P-new_game-3 @clause:P-new_game-4 @depends:game_end_and_ties
  Scenario Outline: max_deals counts deals by their number, and target null leaves the deal limit alone
    Source: spec/protocol.md 6.2, with fi "Sovittu piste- tai jakoraja" (a fixed number of deals
    instead of a points limit). A game started at deal 4 with max_deals 4 ends with that deal.
    Given a "fi" game for 4 players starting at deal 4 with options "<options>"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the phase is "game_over"

    Examples:
      | options                 |
      | max_deals=4             |
      | max_deals=4 target=null |

  @id:proto-state-010 @area:protocol_state @ruleset:fi @players:4 @clause:P-new_game-3
  Scenario: A game started at deal 4 with max_deals 5 goes on to deal 5
    Source: spec/protocol.md 6.2, with fi "Sovittu piste- tai jakoraja". Deal 4 is fi's deal without
    passing, so the game starts there and deal_number alone decides whether the limit is reached.
    Given a "fi" game for 4 players starting at deal 4 with options "max_deals=5"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the game is not over
    And the state field "deal_number" is 5

  @id:proto-state-011 @area:protocol_state @clause:P-legal-1
  Scenario: legal lists cards of several suits in card order: by suit first, then by rank
    Source: spec/protocol.md 3 and 6.8: in card order, so the nine of diamonds comes before the three
    of spades; an order by rank first would put the three first. Seat 1 wins the opening club trick
    with its ace and leads.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C"
    And seat 1 holds "AC 9D 3S"
    And the other cards are dealt in deck order
    When the cards are played "0:2C 1:AC"
    And the rest of the trick is played with the lowest legal cards
    Then it is seat 1's turn
    And seat 1 may play "9D 3S"
    And seat 1's legal cards are listed in card order
