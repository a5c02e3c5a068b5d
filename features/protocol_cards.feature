Feature: Protocol card names
  Every accepted spelling of every card, canonical output, and the refusal of what names no card
  of the game (spec/protocol.md, section 3). The positions are four-player deals of the first
  ruleset the engine claims among fi, no, se, dk and fi-classic (one that passes as fi does at the
  scenario's starting deal), which share the deck and the opening card.

  @id:proto-card-001 @area:protocol_cards @clause:P-cards-1 @clause:P-cards-2
  Scenario Outline: Every card may be spelled in lower case, in mixed case, or with 10 for T
    Source: spec/protocol.md 3: input accepts 10 for T and lower case; output is canonical. The
    deal names all 52 cards in one spelling; the hands the engine then shows are canonical (the
    response schemas only allow canonical names) and are the cards dealt.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    When the cards are dealt in deck order, spelled in <spelling>
    Then the response is ok
    And every seat holds the cards it was dealt

    Examples:
      | spelling               |
      | lower case             |
      | rank lower, suit upper |
      | rank upper, suit lower |
      | 10 for T               |
      | 10 for T, lower case   |

  @id:proto-card-002 @area:protocol_cards @ruleset:fi @players:6 @clause:P-cards-1
  Scenario Outline: The jokers may be spelled in lower case too
    Source: spec/protocol.md 3: XC and XD exist in fi at six players, and lower case is accepted.
    Given a "fi" game for 6 players starting at deal 4
    When the cards are dealt in deck order, spelled in <spelling>
    Then the response is ok
    And every seat holds the cards it was dealt

    Examples:
      | spelling               |
      | lower case             |
      | rank upper, suit lower |

  @id:proto-card-003 @area:protocol_cards @clause:P-cards-1 @clause:P-cards-2 @clause:P-pass-3 @depends:passing
  Scenario Outline: A pass may spell its cards any accepted way, and is reported canonically
    Source: spec/protocol.md 3 and 6.4: until the exchange the passer still holds its cards; the
    cards_received event names them canonically.
    Given a game for 4 players of a ruleset the engine claims
    And seat 0 holds "TH QS KS JD"
    And the other cards are dealt in deck order
    When the engine is sent '{"id": 1, "cmd": "pass", "seat": 0, "cards": <cards>}'
    Then the response is ok
    And seat 0 still holds "TH QS KS"
    When the seats that have not passed pass the first 3 cards they were dealt
    Then seat 1 receives "TH QS KS" from seat 0

    Examples:
      | cards                  |
      | ["10h", "qs", "ks"]    |
      | ["10H", "Qs", "kS"]    |
      | ["th", "qS", "Ks"]     |
      | ["tH", "QS", "KS"]     |

  @id:proto-card-004 @area:protocol_cards @clause:P-cards-3 @clause:P-cards-4 @clause:P-envelope-15
  Scenario Outline: A string that names no card is invalid_card, blanks included, and changes nothing
    Source: spec/protocol.md 3: names are not trimmed; a refused request leaves the game as it was.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C"
    And the other cards are dealt in deck order
    When the engine is sent '{"id": 1, "cmd": "play", "seat": 0, "card": <card>}'
    Then the response is an error "invalid_card"
    And the game is unchanged

    Examples:
      | card     |
      | "ZZ"     |
      | "1C"     |
      | "11C"    |
      | "QQ"     |
      | "2"      |
      | ""       |
      | "2CC"    |
      | "XH"     |
      | " 2C"    |
      | "2C "    |
      | "2 C"    |
      | "\t2C"   |
      | "２C"    |

  @id:proto-card-005 @area:protocol_cards @clause:P-cards-5
  Scenario Outline: A card that is not a string is bad_request
    Source: spec/protocol.md 3.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C"
    And the other cards are dealt in deck order
    When the engine is sent '{"id": 1, "cmd": "play", "seat": 0, "card": <card>}'
    Then the response is an error "bad_request"
    And the game is unchanged

    Examples:
      | card         |
      | 2            |
      | ["2C"]       |
      | {"card": "2C"} |
      | true         |

  @id:proto-card-006 @area:protocol_cards @clause:P-cards-6
  Scenario: A card that exists but is not in this game's deck is invalid_card in pass
    Source: spec/protocol.md 3: XC is a card, but not of a four-player deck.
    Given a game for 4 players of a ruleset the engine claims
    And seat 0 holds "3C 4C"
    And the other cards are dealt in deck order
    Then passing "XC 3C 4C" by seat 0 is refused with "invalid_card"

  @id:proto-card-007 @area:protocol_cards @clause:P-cards-7 @clause:P-deal-1
  Scenario Outline: A deal naming a card outside this game's deck is invalid_deal
    Source: spec/protocol.md 3 and 6.3: the cards must be exactly the game's deck.
    Given a game for 4 players of a ruleset the engine claims
    When the deal is sent with "<card>" in place of "<replaced>"
    Then the response is an error "invalid_deal"
    And the game is unchanged

    Examples:
      | card | replaced |
      | XC   | 2C       |
      | XD   | AS       |
      | 3C   | 2C       |
