Feature: Hearts broken and leading hearts
  When a heart may lead a trick. The guides agree that hearts may not be led until they are
  broken and that a hand of nothing but hearts may lead one anyway; they disagree on what breaks
  them: only a heart thrown on another suit's trick, or any heart played to an earlier trick.

  In hearts-001 and hearts-002 seat 0 wins the first trick, seat 1 wins the second with the ace
  of diamonds and is left with nothing but hearts, so it leads one; seat 2 follows with the ace
  of hearts while seats 3 and 0 throw spades.

  @id:hearts-001 @area:hearts_broken_and_leads
  Scenario Outline: A heart led from a hand of only hearts, and followed, may or may not break hearts
    Source: fi "Ensimmäinen tikki ja hertta rikottu", dk "Reglen om at bryde hjerter" and se
    "Att bryta hjärter" break hearts only when a heart is thrown on a trick of another suit; no
    "Slik spilles et parti" and fi-classic "Pelin kulku" count any heart played in an earlier
    trick. All five let a hand of only hearts lead one (for fi-classic an interpretation).
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "4C 7C TC JC KC AC 2D 7D TD 6S 9S KS AS"
    And seat 1 holds "KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"
    And seat 2 holds "2C 5C 8C 3D 5D 8D JD KH AH 5S 8S JS QS"
    And seat 3 holds "3C 6C 9C QC 4D 6D 9D QD 2S 3S 4S 7S TS"
    And the other cards are dealt in deck order
    When the cards are played "2C 3C AC KD | 2D AD 3D 4D | 2H AH 2S 6S"
    Then seat 2 wins the trick with 2 points
    And hearts are <broken>

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | broken     |
      | fi      | not broken |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | broken     |
      | se      | not broken |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | broken     |
      | dk      | not broken |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | broken |
      | no      | broken |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | broken |
      | fi-classic | broken |

  @id:hearts-002 @area:hearts_broken_and_leads
  Scenario Outline: After hearts were led and followed, another player tries to lead a heart
    Source: fi "Ensimmäinen tikki ja hertta rikottu", dk "Reglen om at bryde hjerter", se "Att bryta
    hjärter", no "Slik spilles et parti", fi-classic "Pelin kulku" (as hearts-001); what counts as broken decides whether the next heart lead is legal.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "4C 7C TC JC KC AC 2D 7D TD 6S 9S KS AS"
    And seat 1 holds "KD AD 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH"
    And seat 2 holds "2C 5C 8C 3D 5D 8D JD KH AH 5S 8S JS QS"
    And seat 3 holds "3C 6C 9C QC 4D 6D 9D QD 2S 3S 4S 7S TS"
    And the other cards are dealt in deck order
    When the cards are played "2C 3C AC KD | 2D AD 3D 4D | 2H AH 2S 6S"
    Then playing "KH" by seat 2 is <verdict>

    @ruleset:fi @players:4
    Examples: fi 4 players
      | ruleset | verdict                          |
      | fi      | refused with "hearts_not_broken" |

    @ruleset:se @players:4
    Examples: se 4 players
      | ruleset | verdict                          |
      | se      | refused with "hearts_not_broken" |

    @ruleset:dk @players:4
    Examples: dk 4 players
      | ruleset | verdict                          |
      | dk      | refused with "hearts_not_broken" |

    @ruleset:no @players:4
    Examples: no 4 players
      | ruleset | verdict  |
      | no      | accepted |

    @ruleset:fi-classic @players:4
    Examples: fi-classic 4 players
      | ruleset    | verdict  |
      | fi-classic | accepted |

  @id:hearts-003 @area:hearts_broken_and_leads
  Scenario Outline: Nobody may lead a heart before any heart has fallen
    Source: fi "Ensimmäinen tikki ja hertta rikottu", no "Slik spilles et parti", dk "Reglen om at
    bryde hjerter", se "Att bryta hjärter", fi-classic "Pelin kulku".
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When the cards are played "2C 9S KC 2S"
    Then seat 2 wins the trick with 0 points
    And it is seat 2's turn
    And playing "2H" by seat 2 is refused with "hearts_not_broken"
    And seat 2 may not play "2H 5H 8H JH AH"
    And seat 2 may play "QD 4S QC"

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

  @id:hearts-004 @area:hearts_broken_and_leads
  Scenario Outline: A heart thrown on a club trick breaks hearts, and hearts may be led after it
    Source: fi "Ensimmäinen tikki ja hertta rikottu", dk "Reglen om at bryde hjerter", se "Att bryta
    hjärter", no "Slik spilles et parti", fi-classic "Pelin kulku": a discarded heart breaks hearts in every guide.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When the cards are played "2C 9S KC 2S | QC 3H 3C 3S"
    Then seat 2 wins the trick with 1 point
    And hearts are broken
    And seat 2 may play "2H 5H"
    And playing "2H" by seat 2 is accepted

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

  @id:hearts-005 @area:hearts_broken_and_leads
  Scenario Outline: The queen of spades thrown on a club trick does not break hearts
    Source: fi "Ensimmäinen tikki ja hertta rikottu" frees the queen from the lead limits, dk
    "Reglen om at bryde hjerter" keeps her out of the breaking rule; no guide lets her break hearts.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When the cards are played "2C 9S KC 2S | QC 2D 3C QS"
    Then seat 2 wins the trick with 13 points
    And hearts are not broken
    And playing "2H" by seat 2 is refused with "hearts_not_broken"

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

  @id:hearts-006 @area:hearts_broken_and_leads
  Scenario Outline: The queen of spades may lead a trick once the first trick is over
    Source: fi "Ensimmäinen tikki ja hertta rikottu" says so outright; the other guides limit
    only heart leads, so a spade lead is always open.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC 2D 4D 7D TD"
    And seat 1 holds "5D 8D JD QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 2 holds "JC QC KC AC KD 3H 6H 9H QH 2S 5S 8S QS"
    And seat 3 holds "3D 6D 9D AD 4H 7H TH KH 3S 6S 9S JS AS"
    And the other cards are dealt in deck order
    When the cards are played "2C 4S AC 3S"
    Then seat 2 wins the trick with 0 points
    And playing "QS" by seat 2 is accepted

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

  @id:hearts-007 @area:hearts_broken_and_leads
  Scenario Outline: At three, five and six players hearts may not be led before they are broken
    Source: se "Hjärter för tre, fem och sex spelare" keeps the same breaking of hearts at every
    table size; fi "Valmistelu eri pelaajamäärillä", dk "Er I ikke fire?" and no "Slik spilles et
    parti" change only the deck. Seat 1 wins the opening trick with the ace of clubs.
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And seat 0 holds "<opening>"
    And seat 1 holds "AC 5H"
    And the other cards are dealt in deck order
    When seat 0 plays "<opening>"
    And seat 1 plays "AC"
    And the rest of the trick is played with the lowest legal cards
    Then seat 1 wins the trick
    And hearts are not broken
    And playing "5H" by seat 1 is refused with "hearts_not_broken"

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

  @id:hearts-008 @area:hearts_broken_and_leads
  Scenario Outline: At five and six players a hand of only hearts leads one before hearts are broken
    Source: fi "Ensimmäinen tikki ja hertta rikottu", se "Att bryta hjärter" and no "Slik spilles
    et parti" let a player holding nothing but hearts lead one before they are broken (as hearts-001);
    fi "Valmistelu eri pelaajamäärillä", se "Hjärter för tre, fem och sex spelare" and no "Slik
    spilles et parti" keep that rule at five and six players. Seat 1 wins the opening trick with the
    ace of clubs and is left with only hearts.
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And seat 0 holds "<seat0>"
    And seat 1 holds "<seat1>"
    And the other cards are dealt in deck order
    When seat 0 plays "<opening>"
    And seat 1 plays "AC"
    And the rest of the trick is played with the lowest legal cards
    Then seat 1 wins the trick
    And hearts are not broken
    And playing "KH" by seat 1 is accepted

    @ruleset:fi @players:5
    Examples: fi 5 players
      | ruleset | players | deal | seat0 | opening | seat1                         |
      | fi      | 5       | 3    | 3C    | 3C      | AC 5H 6H 7H 8H 9H TH JH QH KH |

    @ruleset:fi @players:6
    Examples: fi 6 players
      | ruleset | players | deal | seat0 | opening | seat1                      |
      | fi      | 6       | 4    | 2C XC | 2C      | AC 6H 7H 8H 9H TH JH QH KH |

    @ruleset:se @players:5
    Examples: se 5 players
      | ruleset | players | deal | seat0 | opening | seat1                         |
      | se      | 5       | 5    | 3C    | 3C      | AC 5H 6H 7H 8H 9H TH JH QH KH |

    @ruleset:se @players:6
    Examples: se 6 players
      | ruleset | players | deal | seat0 | opening | seat1                   |
      | se      | 6       | 4    | 3C    | 3C      | AC 7H 8H 9H TH JH QH KH |

    @ruleset:no @players:5
    Examples: no 5 players
      | ruleset | players | deal | seat0 | opening | seat1                         |
      | no      | 5       | 3    | 3C    | 3C      | AC 5H 6H 7H 8H 9H TH JH QH KH |

    @ruleset:no @players:6
    Examples: no 6 players
      | ruleset | players | deal | seat0 | opening | seat1                   |
      | no      | 6       | 4    | 3C    | 3C      | AC 7H 8H 9H TH JH QH KH |

  @id:hearts-009 @area:hearts_broken_and_leads
  Scenario Outline: At five and six Danish players a hand of only hearts after the kitty leads one before hearts are broken
    Source: dk "Reglen om at bryde hjerter" lets a player holding nothing but hearts lead one before
    they are broken; dk "Er I ikke fire?" gives the cards left over to the first trick's winner. Seat 1
    wins the opening trick with the ace of clubs, takes a kitty of hearts and holds only hearts.
    Given a "dk" game for <players> players starting at deal <deal>
    And seat 0 holds "2C"
    And seat 1 holds "<seat1>"
    And the kitty holds "<kitty>"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    And seat 1 plays "AC"
    And the rest of the trick is played with the lowest legal cards
    Then seat 1 wins the trick
    And hearts are not broken
    And playing "QH" by seat 1 is accepted

    @ruleset:dk @players:5
    Examples: dk 5 players
      | players | deal | seat1                         | kitty |
      | 5       | 3    | AC 4H 5H 6H 7H 8H 9H TH JH QH | 2H 3H |

    @ruleset:dk @players:6
    Examples: dk 6 players
      | players | deal | seat1                   | kitty       |
      | 6       | 4    | AC 6H 7H 8H 9H TH JH QH | 2H 3H 4H 5H |

  @id:hearts-010 @area:hearts_broken_and_leads @variant:cancellation
  Scenario Outline: With two decks a hand of only hearts leads one before hearts are broken
    Source: as hearts-008, at the big tables of Cancellation Hearts (dk "Varianter", se "Hjärter för
    tre, fem och sex spelare"), which keep the ruleset's hearts-lead rule (se "Att bryta hjärter", dk
    "Reglen om at bryde hjerter"). Seat 0 keeps the other ace of clubs, so seat 1's ace wins the
    opening trick alone; where dk leaves a kitty, it holds hearts, so seat 1 is left with only hearts.
    Given a "<ruleset>" game for <players> players starting at deal <deal> with variants "cancellation"
    And seat 0 holds "<open> <open> AC"
    And seat 1 holds "AC <hearts>"
    And the kitty holds "<kitty>"
    And the other cards are dealt in deck order
    When seat 0 plays "<open>"
    And seat 1 plays "AC"
    And the rest of the trick is played with the lowest legal cards
    Then seat 1 wins the trick
    And hearts are not broken
    And playing "AH" by seat 1 is accepted

    @ruleset:dk @players:7
    Examples: dk 7 players
      | ruleset | players | deal | open | hearts                                 | kitty             |
      | dk      | 7       | 3    | 2C   | AH AH KH KH QH QH JH JH TH TH 9H 9H 8H | 5H 5H 4H 4H 3H 3H |

    @ruleset:dk @players:8
    Examples: dk 8 players
      | ruleset | players | deal | open | hearts                              | kitty |
      | dk      | 8       | 4    | 2C   | AH AH KH KH QH QH JH JH TH TH 9H 9H |       |

    @ruleset:dk @players:9
    Examples: dk 9 players
      | ruleset | players | deal | open | hearts                        | kitty          |
      | dk      | 9       | 3    | 2C   | AH AH KH KH QH QH JH JH TH TH | 5H 4H 4H 3H 3H |

    @ruleset:dk @players:10
    Examples: dk 10 players
      | ruleset | players | deal | open | hearts                     | kitty       |
      | dk      | 10      | 4    | 2C   | AH AH KH KH QH QH JH JH TH | 4H 4H 3H 3H |

    @ruleset:se @players:7
    Examples: se 7 players
      | ruleset | players | deal | open | hearts                                 | kitty |
      | se      | 7       | 3    | 3C   | AH AH KH KH QH QH JH JH TH TH 9H 9H 8H |       |

    @ruleset:se @players:8
    Examples: se 8 players
      | ruleset | players | deal | open | hearts                              | kitty |
      | se      | 8       | 4    | 2C   | AH AH KH KH QH QH JH JH TH TH 9H 9H |       |

    @ruleset:se @players:9
    Examples: se 9 players
      | ruleset | players | deal | open | hearts                        | kitty |
      | se      | 9       | 3    | 3C   | AH AH KH KH QH QH JH JH TH TH |       |

    @ruleset:se @players:10
    Examples: se 10 players
      | ruleset | players | deal | open | hearts                     | kitty |
      | se      | 10      | 4    | 3C   | AH AH KH KH QH QH JH JH TH |       |

    @ruleset:se @players:11
    Examples: se 11 players
      | ruleset | players | deal | open | hearts                  | kitty |
      | se      | 11      | 3    | 3C   | AH AH KH KH QH QH JH JH |       |

  @id:hearts-011 @area:hearts_broken_and_leads @ruleset:fi-classic @players:2 @variant:two-player @variant:no-passing
  Scenario: Two players: a hand of only hearts after the draw leads one before hearts are broken
    Source: fi-classic "Kahden pelaajan hertta" (the winner of a trick draws first from the stock) with
    fi-classic "Pelin kulku" (a hand of only hearts may lead one, an interpretation, as hearts-001).
    Seat 0 wins the opening trick with the ace of clubs and draws the stock's top card, a heart.
    Given a "fi-classic" game for 2 players with variants "two-player no-passing" with dealer 0
    And seat 0 holds "AC 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    And seat 1 holds "2C"
    And the stock holds "2H 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    And the other cards are dealt in deck order
    When seat 1 plays "2C"
    And seat 0 plays "AC"
    Then seat 0 wins the trick
    And hearts are not broken
    And playing "AH" by seat 0 is accepted

  @id:hearts-020 @area:hearts_broken_and_leads
  Scenario Outline: Hearts are unbroken again when the next deal starts
    Source: fi "Ensimmäinen tikki ja hertta rikottu", no "Slik spilles et parti", dk "Reglen om at
    bryde hjerter", se "Att bryta hjärter" and fi-classic "Pelin kulku" tie the ban on leading
    hearts to what has happened in the deal being played, so a new deal starts unbroken. The
    first deal, in deck order without passing, is played out with the lowest legal cards, which
    puts hearts on its tricks.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And the other cards are dealt in deck order
    When the rest of the deal is played with the lowest legal cards
    And the next deal is dealt in deck order
    Then hearts are not broken

    @ruleset:fi @players:4
    Examples: fi
      | ruleset |
      | fi      |

    @ruleset:no @players:4
    Examples: no
      | ruleset |
      | no      |

    @ruleset:dk @players:4
    Examples: dk
      | ruleset |
      | dk      |

    @ruleset:se @players:4
    Examples: se
      | ruleset |
      | se      |

    @ruleset:fi-classic @players:4
    Examples: fi-classic
      | ruleset    |
      | fi-classic |
