Feature: Protocol events: what a response reports, in the order things happen
  The events of pass, play and choose responses, their order inside one response, the order of
  the cards they list, and the scores and money they carry (spec/protocol.md, sections 6 and 7).

  @id:proto-event-001 @area:protocol_events @clause:P-play-1 @clause:P-play-2 @clause:P-events-1 @clause:P-envelope-9 @clause:P-envelope-16
  Scenario: A whole deal's play responses list their events in order, and the deal ends with the next deal
    Source: spec/protocol.md 6.5 and 7: each play response starts with its card_played;
    hearts_broken follows the card that broke hearts, trick_won the trick's last card, and the last
    card's response ends with deal_scored and next_deal. Every response meets its schema.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    Then the last "play" response's events are "card_played"
    When the rest of the trick is played with the lowest legal cards
    Then the last "play" response's events are "card_played trick_won"
    When the rest of the deal is played with the lowest legal cards
    Then every play response lists its events in the protocol's order
    And the last "play" response's events end with "trick_won deal_scored next_deal"

  @id:proto-event-002 @area:protocol_events @clause:P-play-2 @clause:P-events-1
  Scenario: The deal that ends the game ends its events with deal_scored and game_over
    Source: spec/protocol.md 6.5. Seat 3 starts far past any target.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4 with totals "0 0 0 500"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then every play response lists its events in the protocol's order
    And the last "play" response's events end with "trick_won deal_scored game_over"

  @id:proto-event-003 @area:protocol_events @clause:P-play-2 @clause:P-events-2 @depends:dealing_and_decks
  Scenario Outline: The kitty is taken right after the first trick, its cards in card order
    Source: spec/protocol.md 6.5 and 7, with dk "Er I ikke fire?" (a kitty at 3, 5 and 6 players, taken
    by the first trick's winner).
    Given a "dk" game for <players> players starting at deal 4
    And the other cards are dealt in deck order
    When the rest of the trick is played with the lowest legal cards
    Then the last "play" response's events are "card_played trick_won kitty_taken"
    And the "kitty_taken" events list their cards in card order
    When the rest of the deal is played with the lowest legal cards
    Then every play response lists its events in the protocol's order

    @ruleset:dk @players:6
    Examples: dk 6 players
      | players |
      | 6       |

    @ruleset:dk @players:5
    Examples: dk 5 players
      | players |
      | 5       |

  @id:proto-event-004 @area:protocol_events @ruleset:fi-classic @players:2 @variant:two-player @clause:P-play-2 @depends:passing
  Scenario: In a two-player game both seats draw after each trick, the winner first
    Source: spec/protocol.md 6.5 and 7, with fi-classic "Kahden pelaajan hertta" (the two-player game draws
    from a stock after each trick).
    Given a "fi-classic" game for 2 players with variants "two-player"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the rest of the trick is played with the lowest legal cards
    Then the last "play" response's events end with "trick_won cards_drawn cards_drawn"
    When the rest of the deal is played with the lowest legal cards
    Then every play response lists its events in the protocol's order

  @id:proto-event-005 @area:protocol_events @clause:P-play-2 @clause:P-events-1 @depends:shooting_the_moon
  Scenario Outline: A moon the shooter scores ends the play with moon_choice; choose then scores the deal
    Source: spec/protocol.md 6.5 and 6.6, with no "Å «skyte månen»" and dk "At tage alt – den store gamble" (the shooter
    picks). Seat 0 holds every club and takes every trick.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    And seat 2 holds "2S 3S 4S 5S 6S 7S 8S 2H 3H 4H 5H 6H 7H"
    And seat 3 holds "9S TS JS QS KS AS 8H 9H TH JH QH KH AH"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then every play response lists its events in the protocol's order
    And the last "play" response's events end with "trick_won moon_choice"
    When seat 0 chooses "subtract_from_self"
    Then the last "choose" response's events are "deal_scored next_deal"

    @ruleset:no @players:4
    Examples: no
      | ruleset |
      | no      |

    @ruleset:dk @players:4
    Examples: dk
      | ruleset |
      | dk      |

  @id:proto-event-006 @area:protocol_events @clause:P-pass-1 @clause:P-pass-2 @clause:P-events-2 @depends:passing
  Scenario: Passes answer with no events until the last, which carries one cards_received per seat
    Source: spec/protocol.md 6.4 and 7: the exchange happens on the last pass; received cards are
    listed in card order.
    Given a game for 4 players of a ruleset the engine claims
    And seat 0 holds "AS 2C KD"
    And the other cards are dealt in deck order
    When seat 0 passes "AS 2C KD"
    Then the last "pass" response's events are ""
    When the seats that have not passed pass the first 3 cards they were dealt
    Then the last "pass" response's events are "cards_received cards_received cards_received cards_received"
    And the "cards_received" events list their cards in card order
    And the phase is "playing"

  @id:proto-event-007 @area:protocol_events @clause:P-events-2
  Scenario: trick_won lists the trick's cards in play order
    Source: spec/protocol.md 7. The cards are played in an order that is not card order.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C"
    And seat 1 holds "QC"
    And seat 2 holds "5C"
    And seat 3 holds "AC"
    And the other cards are dealt in deck order
    When the cards are played "2C QC 5C AC"
    Then the trick won lists "2C QC 5C AC" in play order

  @id:proto-event-008 @area:protocol_events @clause:P-events-3
  Scenario: deal_scored adds the deal's points to the running totals
    Source: spec/protocol.md 7.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4 with totals "7 0 12 3"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scored adds its points to the totals "7 0 12 3"

  @id:proto-event-009 @area:protocol_events @ruleset:no @players:4 @variant:omnibus-jd @clause:P-events-4 @clause:P-events-3 @depends:shooting_the_moon
  Scenario: In a moon, another seat keeps the bonus card it took
    Source: spec/protocol.md 7, with no "Slik spiller du med tre, fem eller seks" (the jack of
    diamonds takes 10 off its taker's score) and no "Å «skyte månen»" (no jack needed for the moon;
    the shooter picks).
    Seat 0 takes every heart and the queen of spades in the club tricks; seat 1 wins the last trick
    with the jack of diamonds and no point card. The moon adds 26 to every other seat, and seat 1
    keeps its -10: 16.
    Given a "no" game for 4 players starting at deal 4 with variants "omnibus-jd"
    And seat 0 holds "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D"
    And seat 1 holds "2C JD 5D 6D 7D 8D 9D TD QD KD AD 3S 3H"
    And seat 2 holds "3D 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2H"
    And seat 3 holds "4D 2S 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    When the cards are played "1:2C 4S 2S 3C | 4C 3H 2H 4H | 5C 3S QS 5H | 6C 5D 5S 6H | 7C 6D 6S 7H | 8C 7D 7S 8H | 9C 8D 8S 9H | TC 9D 9S TH | JC TD TS JH | QC QD JS QH | KC KD KS KH | AC AD AS AH | 2D JD 3D 4D"
    And seat 0 chooses "add_to_others"
    Then seat 0 shot the moon scored as "add_to_others"
    And the deal scores "0 16 26 26"

  @id:proto-event-010 @area:protocol_events @ruleset:fi @players:4 @variant:omnibus-jd @clause:P-play-4 @depends:first_trick
  Scenario: A bonus card is no point card on the first trick
    Source: spec/protocol.md 6.5, with fi "Ruutujätkä (−10 pistettä)" and fi "Ensimmäinen tikki ja
    hertta rikottu": the ban on point cards in the first trick does not reach a card worth -10.
    Seat 1 has no club.
    Given a "fi" game for 4 players starting at deal 4 with variants "omnibus-jd"
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 1 holds "JD QS"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    Then playing "QS" by seat 1 is refused with "points_on_first_trick"
    And playing "JD" by seat 1 is accepted

  @id:proto-event-011 @area:protocol_events @ruleset:fi-classic @players:4 @clause:P-events-5 @clause:P-events-6
  Scenario: Pairwise money is reported per deal, rounded to the cent with halves away from zero
    Source: spec/protocol.md 7, with fi-classic "Rahasta pelaaminen" (pairwise settlement). The
    deal scores 3 10 13 0; at 0.0625 a point seat 3's net is (3 + 10 + 13) x 0.0625 = 1.625 and
    seat 0's is (7 + 10 - 3) x 0.0625 = 0.875, exact half cents, rounded away from zero to 1.63 and
    0.88 (half to even would give 1.62 and 0.88, and rounding toward zero 1.62 and 0.87).
    Given a "fi-classic" game for 4 players at a deal without passing with options "settlement=pairwise stake=0.0625"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scores "3 10 13 0"
    And the deal money is "0.88 -0.88 -1.63 1.63"

  @id:proto-event-012 @area:protocol_events @ruleset:fi @players:4 @variant:partnership @clause:P-events-7 @depends:game_end_and_ties
  Scenario: In partnerships the winners are both seats of the winning team
    Source: spec/protocol.md 7, with fi "Paripeli" (partners sit across). Seat 3 starts far past
    the target, so team 1 (seats 1 and 3) loses with the deal.
    Given a "fi" game for 4 players starting at deal 4 with variants "partnership" with totals "0 0 0 500"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the game is over with winners "0 2"

  @id:proto-event-013 @area:protocol_events @clause:P-play-2 @clause:P-events-1 @depends:hearts_broken_and_leads
  Scenario: hearts_broken comes right after the card that broke hearts, and only then
    Source: spec/protocol.md 6.5 and 7: hearts_broken follows the card_played that broke hearts, in
    that play's response, once a deal; the card is the ruleset's hearts_break rule's (every ruleset
    here breaks hearts when a heart falls on a trick of another suit). Seat 1 wins the opening club
    trick with its ace and leads the three of diamonds; seat 3, which holds no diamond, throws the
    two of hearts on it, before the trick is complete.
    Given a game for 4 players of a ruleset the engine claims starting at deal 4
    And seat 0 holds "2C 2D"
    And seat 1 holds "AC 3D"
    And seat 2 holds "4C 4D"
    And seat 3 holds "5C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    And the other cards are dealt in deck order
    When the cards are played "0:2C 1:AC 2:4C 3:5C | 1:3D 2:4D"
    Then the engine reported "hearts_broken" 0 times
    When seat 3 plays "2H"
    Then the last "play" response's events are "card_played hearts_broken"
    When seat 0 plays "2D"
    Then the last "play" response's events are "card_played trick_won"
    When the rest of the deal is played with the lowest legal cards
    Then the engine reported "hearts_broken" 1 time
    And every play response lists its events in the protocol's order

  @id:proto-event-014 @area:protocol_events @clause:P-events-2 @depends:passing
  Scenario: cards_received lists the cards in card order: by suit first, then by rank
    Source: spec/protocol.md 3 and 7: the cards of cards_received are in card order, so the ace of
    clubs comes before the two of diamonds and the three of spades; an order by rank first would put
    the ace last. Seat 0 passes them in another order still.
    Given a game for 4 players of a ruleset the engine claims
    And seat 0 holds "AC 2D 3S"
    And the other cards are dealt in deck order
    When seat 0 passes "3S AC 2D"
    And the seats that have not passed pass the first 3 cards they were dealt
    Then seat 1 receives "AC 2D 3S" from seat 0
    And the "cards_received" events list their cards in card order

  @id:proto-event-015 @area:protocol_events @ruleset:dk @players:5 @clause:P-play-2 @depends:first_trick @depends:dealing_and_decks
  Scenario: The first trick's last card breaks hearts and takes the kitty: each event in its place
    Source: spec/protocol.md 6.5 (P-play-2: hearts_broken right after the card that broke hearts,
    trick_won after the trick's last card, kitty_taken right after the first trick_won), with dk
    "Sådan spilles en runde" (no first-trick limit) and dk "Er I ikke fire?" (the kitty goes to the
    first trick's winner). Seat 4, the last to play to the opening club trick, holds only hearts.
    Given a "dk" game for 5 players starting at deal 3
    And seat 0 holds "2C"
    And seat 4 holds "2H 3H 4H 5H 6H 7H 8H 9H TH JH"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    And the rest of the trick is played with the lowest legal cards
    Then the last "play" response's events are "card_played hearts_broken trick_won kitty_taken"
    When the rest of the deal is played with the lowest legal cards
    Then every play response lists its events in the protocol's order

  @id:proto-event-016 @area:protocol_events @ruleset:dk @players:6 @variant:cancellation @clause:P-play-2 @depends:cancellation @depends:dealing_and_decks
  Scenario: A trick set aside by its last card, a heart: hearts_broken before trick_set_aside
    Source: spec/protocol.md 6.5 (P-play-2: hearts_broken right after the card that broke hearts,
    before the trick's end), with the set-aside rule of cancel-008 (spec/variants/cancellation.yaml,
    following.all_cancelled): the four clubs cancel in pairs, seat 5 and seat 0 hold no club, and
    seat 0's heart, the trick's last card, breaks hearts (dk "Reglen om at bryde hjerter"). The deal
    is then played out, the set-aside cards and the kitty going to the next trick's winner.
    Given a "dk" game for 6 players starting at deal 4 with variants "cancellation"
    And seat 1 holds "2C"
    And seat 2 holds "2C"
    And seat 3 holds "AC"
    And seat 4 holds "AC"
    And seat 5 holds "2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 7D 7D 8D 8D 9D 9D TD"
    And seat 0 holds "2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H 9H TH"
    And the other cards are dealt in deck order
    When the cards are played "1:2C 2:2C 3:AC 4:AC 5:2D 0:2H"
    Then the last "play" response's events are "card_played hearts_broken trick_set_aside"
    When the rest of the deal is played with the lowest legal cards
    Then every play response lists its events in the protocol's order

  @id:proto-event-017 @area:protocol_events @ruleset:dk @players:8 @variant:cancellation @clause:P-play-2 @depends:cancellation
  Scenario: Without a kitty, the set-aside cards follow the next trick's trick_won
    Source: spec/protocol.md 6.5 (P-play-2: set_aside_taken after the trick_won of the trick whose winner
    takes the set-aside cards), with the set-aside rule of cancel-008 (spec/variants/cancellation.yaml,
    following.all_cancelled) at dk's eight-player table, which leaves no kitty (dk "Varianter"): the
    four clubs cancel in pairs and seats 5, 6, 7 and 0 hold no club.
    Given a "dk" game for 8 players starting at deal 4 with variants "cancellation"
    And seat 1 holds "2C"
    And seat 2 holds "2C"
    And seat 3 holds "AC"
    And seat 4 holds "AC"
    And seat 5 holds "2D 2D 3D 3D 4D 4D 5D 5D 6D 6D 7D 7D 8D"
    And seat 6 holds "8D 9D 9D TD TD JD JD QD QD KD KD AD AD"
    And seat 7 holds "2S 2S 3S 3S 4S 4S 5S 5S 6S 6S 7S 7S 8S"
    And seat 0 holds "2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H"
    And the other cards are dealt in deck order
    When the cards are played "1:2C 2:2C 3:AC 4:AC 5:2D 6:8D 7:2S 0:2H"
    Then the last "play" response's events are "card_played hearts_broken trick_set_aside"
    When the rest of the trick is played with the lowest legal cards
    Then the last "play" response's events end with "trick_won set_aside_taken"
    When the rest of the deal is played with the lowest legal cards
    Then every play response lists its events in the protocol's order
