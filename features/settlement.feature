Feature: Playing for money
  The fi-classic guide offers three ways to settle in money: a pot the game's winner takes, a
  per-deal settlement between every pair of players on the difference of their points, and a
  per-deal pot paid by points and taken by whoever scored nothing, carried over when nobody did.

  The deal used (deck order, three cards passed left, lowest legal cards) scores 3, 10, 13 and 0.
  Most scenarios write those hands out and play them as dealt (fi-classic's no-passing game), so
  a broken pass cannot fail them; money-003 plays two deals and passes in both.

  @id:money-001 @area:settlement @ruleset:fi-classic @players:4
  Scenario: Every pair settles the difference of their points after each deal
    Source: fi-classic "Rahasta pelaaminen": each point has an agreed value and, after every deal,
    the player with more points pays the difference to the one with fewer; its worked example
    (0, 3, 10 and 13 points at half a euro) has the same nets as this deal.
    Given a "fi-classic" game for 4 players at a deal without passing with options "settlement=pairwise stake=0.5"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scores "3 10 13 0"
    And the deal money is "7 -7 -13 13"

  @id:money-002 @area:settlement @ruleset:fi-classic @players:4
  Scenario: Points paid into a pot go to the player who scored nothing
    Source: fi-classic "Rahasta pelaaminen" (the third method: pay your points into the pot, the
    player without points takes it).
    Given a "fi-classic" game for 4 players at a deal without passing with options "settlement=zero_point_pot stake=0.5"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal money is "-1.5 -5 -6.5 13"
    And the pot carries 0

  @id:money-003 @area:settlement @ruleset:fi-classic @players:4
  Scenario: When everyone scored, the pot is carried to the next deal and shared there
    Source: fi-classic "Rahasta pelaaminen" (if all players took points the pot stays and grows;
    several players without points share it).
    Given a "fi-classic" game for 4 players with options "settlement=zero_point_pot stake=0.5"
    And seat 1 holds "2C AH"
    And the other cards are dealt in deck order
    When each seat passes the first 3 cards it was dealt
    And the rest of the deal is played with the lowest legal cards
    Then the deal scores "15 4 6 1"
    And the deal money is "-7.5 -2 -3 -0.5"
    And the pot carries 13
    When the next deal is dealt in deck order
    And each seat passes the first 3 cards it was dealt
    And the rest of the deal is played with the lowest legal cards
    Then the deal scores "0 13 13 0"
    And the deal money is "13 -6.5 -6.5 13"
    And the pot carries 0

  @id:money-004 @area:settlement @ruleset:fi-classic @players:4
  Scenario: The winner of a game played for a pot takes it
    Source: fi-classic "Rahasta pelaaminen" (the simplest way: everyone stakes into a pot, a normal
    game to 100 is played and the winner collects).
    Given a "fi-classic" game for 4 players at a deal without passing with options "settlement=pot stake=5" with totals "50 0 88 30"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the game is over with winner "1"
    And the game money is "-5 15 -5 -5"

  @id:money-005 @area:settlement @ruleset:fi-classic @players:4
  Scenario: Settling pairwise needs no fixed game length: the last deal's money closes the game
    Source: fi-classic "Rahasta pelaaminen" (the per-deal methods let a game last as long as the
    players like); when the game does end, its money is the deals' settlements.
    Given a "fi-classic" game for 4 players at a deal without passing with options "settlement=pairwise stake=0.5" with totals "50 0 88 30"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal money is "7 -7 -13 13"
    And the game is over with winner "1"

  @id:money-006 @area:settlement @ruleset:fi-classic @players:4 @clause:P-events-8
  Scenario: A pot still on the table when the game ends goes back to those who paid it in
    Source: fi-classic "Rahasta pelaaminen" lets an unclaimed pot grow into the next deal but does
    not say what becomes of it at the end; the spec returns each player's payments (settlement
    unclaimed_pot), so money always balances. money-003's first deal scores 15 4 6 1.
    Given a "fi-classic" game for 4 players at a deal without passing with options "settlement=zero_point_pot stake=0.5" with totals "90 0 0 0"
    And seat 0 holds "6C TC AC 2D 6D TD AD 5H 9H KH 5S 9S QS"
    And seat 1 holds "3C 7C 8C JC QC 3D 7D JD 2H 6H TH 2S 6S"
    And seat 2 holds "2C 4C 4D 8D QD 3H 7H JH AH 3S 7S TS KS"
    And seat 3 holds "5C 9C KC 5D 9D KD 4H 8H QH 4S 8S JS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal money is "-7.5 -2 -3 -0.5"
    And the game is over with winner "3"
    And the pot left on the table pays "7.5 2 3 0.5"
    And the game money is "0 0 0 0"

  @id:money-007 @area:settlement @ruleset:fi-classic @players:4 @clause:P-stop-1
  Scenario: Settling after every deal, a game without target or deal limit runs until the table stops
    Source: fi-classic "Rahasta pelaaminen": with the pairwise or the zero-point method no game
    length need be agreed, so play goes on past 100 and ends when the players stop; the pot then
    on the table goes back to its payers.
    Given a "fi-classic" game for 4 players at a deal without passing with options "target=null settlement=zero_point_pot stake=0.5" with totals "120 0 0 0"
    And seat 0 holds "6C TC AC 2D 6D TD AD 5H 9H KH 5S 9S QS"
    And seat 1 holds "3C 7C 8C JC QC 3D 7D JD 2H 6H TH 2S 6S"
    And seat 2 holds "2C 4C 4D 8D QD 3H 7H JH AH 3S 7S TS KS"
    And seat 3 holds "5C 9C KC 5D 9D KD 4H 8H QH 4S 8S JS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the totals are "135 4 6 1"
    And the game is not over
    When the table stops playing
    Then the game is over with winner "3"
    And the pot left on the table pays "7.5 2 3 0.5"
    And the game money is "0 0 0 0"

  @id:money-008 @area:settlement @ruleset:fi-classic @players:4 @variant:omnibus-td
  Scenario: A deal score below zero counts as zero for the zero-point pot
    Source: fi-classic "Rahasta pelaaminen" (whoever took no points takes the pot) with the ten of
    diamonds as a bonus ("Variaatioita"): the spec counts a score below zero as no points
    (settlement on_zero), so it pays nothing and shares the pot. The deal scores -7 10 13 0.
    Given a "fi-classic" game for 4 players at a deal without passing with variants "omnibus-td" with options "settlement=zero_point_pot stake=0.5"
    And seat 0 holds "5C 9C KC AC 5D 9D KD 4H 8H QH 3S 7S JS"
    And seat 1 holds "2C 6C TC 2D 6D TD AD 5H 9H KH 4S 8S QS"
    And seat 2 holds "3C 7C JC 3D 7D JD 2H 6H TH AH 5S 9S KS"
    And seat 3 holds "4C 8C QC 4D 8D QD 3H 7H JH 2S 6S TS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the deal scores "-7 10 13 0"
    And the deal money is "5.75 -5 -6.5 5.75"
    And the pot carries 0

  @id:money-009 @area:settlement @ruleset:fi-classic @players:4 @clause:P-events-8
  Scenario: A table may agree that the game's winners take a pot left on the table
    Source: fi-classic "Rahasta pelaaminen" is silent on a pot left at the end; option
    unclaimed_pot=to_winners gives it to the winners instead of returning it.
    Given a "fi-classic" game for 4 players at a deal without passing with options "settlement=zero_point_pot stake=0.5 unclaimed_pot=to_winners" with totals "90 0 0 0"
    And seat 0 holds "6C TC AC 2D 6D TD AD 5H 9H KH 5S 9S QS"
    And seat 1 holds "3C 7C 8C JC QC 3D 7D JD 2H 6H TH 2S 6S"
    And seat 2 holds "2C 4C 4D 8D QD 3H 7H JH AH 3S 7S TS KS"
    And seat 3 holds "5C 9C KC 5D 9D KD 4H 8H QH 4S 8S JS AS"
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    Then the game is over with winner "3"
    And the pot left on the table pays "0 0 0 13"
    And the game money is "-7.5 -2 -3 12.5"

  @id:money-010 @area:settlement @ruleset:fi-classic @players:4 @clause:P-stop-2 @depends:game_end_and_ties
  Scenario Outline: Only an open-ended game can be stopped, and only between deals
    Source: fi-classic "Rahasta pelaaminen" (no game length is needed with per-deal settlement);
    a game with a target or a deal limit ends by its own rule, so stop is refused there.
    Given a "fi-classic" game for 4 players with options "<options>"
    When the engine is sent '{"id": 7, "cmd": "stop"}'
    Then the response is an error "wrong_phase"
    And the game is unchanged

    Examples:
      | options                                   |
      | settlement=pairwise                       |
      | target=null max_deals=3 settlement=pairwise |
