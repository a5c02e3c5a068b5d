Feature: The first trick
  Which cards may fall on the opening trick of a deal. The guides disagree: some bar point
  cards outright, one allows them only when nothing else can be played, one has no limit.

  @id:first-trick-001 @area:first_trick
  Scenario Outline: A player out of clubs tries to throw the queen of spades on the first trick
    Source: fi "Ensimmäinen tikki ja hertta rikottu" bars points from the opening trick even for a
    player without clubs; se "Förstasticket" and fi-classic "Pelin kulku" say the same; no
    "Slik spilles et parti" allows points there only without another choice; dk "Sådan spilles
    en runde" sets no limit.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    Then playing "QS" by seat 1 is <verdict>

    @ruleset:fi @players:4
    Examples: fi
      | ruleset | verdict                               |
      | fi      | refused with "points_on_first_trick"  |

    @ruleset:se @players:4
    Examples: se
      | ruleset | verdict                               |
      | se      | refused with "points_on_first_trick"  |

    @ruleset:no @players:4
    Examples: no
      | ruleset | verdict                               |
      | no      | refused with "points_on_first_trick"  |

    @ruleset:fi-classic @players:4
    Examples: fi-classic
      | ruleset    | verdict                               |
      | fi-classic | refused with "points_on_first_trick"  |

    @ruleset:dk @players:4
    Examples: dk
      | ruleset | verdict  |
      | dk      | accepted |

  @id:first-trick-002 @area:first_trick
  Scenario Outline: A player out of clubs tries to throw a heart on the first trick
    Source: fi "Ensimmäinen tikki ja hertta rikottu", se "Förstasticket", fi-classic "Pelin kulku", no
    "Slik spilles et parti", dk "Sådan spilles en runde" (as first-trick-001); a heart is a point card in every guide.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    Then playing "KH" by seat 1 is <verdict>

    @ruleset:fi @players:4
    Examples: fi
      | ruleset | verdict                               |
      | fi      | refused with "points_on_first_trick"  |

    @ruleset:se @players:4
    Examples: se
      | ruleset | verdict                               |
      | se      | refused with "points_on_first_trick"  |

    @ruleset:no @players:4
    Examples: no
      | ruleset | verdict                               |
      | no      | refused with "points_on_first_trick"  |

    @ruleset:fi-classic @players:4
    Examples: fi-classic
      | ruleset    | verdict                               |
      | fi-classic | refused with "points_on_first_trick"  |

    @ruleset:dk @players:4
    Examples: dk
      | ruleset | verdict  |
      | dk      | accepted |

  @id:first-trick-003 @area:first_trick
  Scenario Outline: The cards a player out of clubs may choose from on the first trick
    Source: fi "Ensimmäinen tikki ja hertta rikottu", se "Förstasticket", fi-classic "Pelin kulku", no
    "Slik spilles et parti", dk "Sådan spilles en runde" (as first-trick-001); the legal list must match what play accepts.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    Then seat 1 may play only "<legal>"

    @ruleset:fi @players:4
    Examples: fi
      | ruleset | legal                   |
      | fi      | 4D 7D TD JD AD 3S 6S 9S |

    @ruleset:se @players:4
    Examples: se
      | ruleset | legal                   |
      | se      | 4D 7D TD JD AD 3S 6S 9S |

    @ruleset:no @players:4
    Examples: no
      | ruleset | legal                   |
      | no      | 4D 7D TD JD AD 3S 6S 9S |

    @ruleset:fi-classic @players:4
    Examples: fi-classic
      | ruleset    | legal                   |
      | fi-classic | 4D 7D TD JD AD 3S 6S 9S |

    @ruleset:dk @players:4
    Examples: dk
      | ruleset | legal                                         |
      | dk      | 4D 7D TD JD AD 3S 6S 9S QS 4H 7H TH KH       |

  @id:first-trick-004 @area:first_trick
  Scenario Outline: A player holding nothing but point cards on the first trick may play any of them
    Source: se "Förstasticket" and no "Slik spilles et parti" allow it outright when only point
    cards are left; fi "Ensimmäinen tikki ja hertta rikottu" and fi-classic "Pelin kulku" state
    no exception, so the rulesets record the physically forced choice as an interpretation; dk
    has no first-trick limit at all.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 4D 6D 8D"
    And seat 1 holds "2H 3H 4H 5H 6H 7H 8H 9H TH QH KH AH QS"
    And seat 2 holds "QC KC AC TD QD AD 3S 5S 7S 9S JS KS AS"
    And seat 3 holds "2D 3D 5D 7D 9D JD KD JH 2S 4S 6S 8S TS"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    Then seat 1 may play "QS 2H AH"
    And playing "QS" by seat 1 is accepted

    @ruleset:fi @players:4
    Examples: fi
      | ruleset |
      | fi      |

    @ruleset:se @players:4
    Examples: se
      | ruleset |
      | se      |

    @ruleset:no @players:4
    Examples: no
      | ruleset |
      | no      |

    @ruleset:fi-classic @players:4
    Examples: fi-classic
      | ruleset    |
      | fi-classic |

    @ruleset:dk @players:4
    Examples: dk
      | ruleset |
      | dk      |

  @id:first-trick-005 @area:first_trick
  Scenario Outline: With three players a club-less player tries a heart on the first trick
    Source: the same first-trick sections as first-trick-001, which every guide applies at every
    table size (se "Hjärter för tre, fem och sex spelare" says so in so many words).
    Given a "<ruleset>" game for 3 players starting at deal 3
    And seat 0 holds "<clubs>"
    And the other cards are dealt in deck order
    When seat 0 plays "<opening>"
    Then playing "<heart>" by seat 1 is <verdict>

    @ruleset:fi @players:3
    Examples: fi
      | ruleset | clubs                                  | opening | heart | verdict                              |
      | fi      | 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC | 2C      | AH    | refused with "points_on_first_trick" |

    @ruleset:se @players:3
    Examples: se
      | ruleset | clubs                               | opening | heart | verdict                              |
      | se      | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC | 3C      | AH    | refused with "points_on_first_trick" |

    @ruleset:no @players:3
    Examples: no
      | ruleset | clubs                               | opening | heart | verdict                              |
      | no      | 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC | 3C      | AH    | refused with "points_on_first_trick" |

    @ruleset:dk @players:3
    Examples: dk
      | ruleset | clubs                                  | opening | heart | verdict  |
      | dk      | 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC | 2C      | KH    | accepted |

  @id:first-trick-006 @area:first_trick
  Scenario Outline: With five or six players a club-less player tries the queen of spades on the first trick
    Source: as first-trick-005 at the larger tables: fi "Valmistelu eri pelaajamäärillä", se "Hjärter
    för tre, fem och sex spelare", dk "Er I ikke fire?", no "Slik spilles et parti".
    Given a "<ruleset>" game for <players> players starting at deal <deal>
    And seat 0 holds "<clubs>"
    And seat 1 holds "<hand1>"
    And the other cards are dealt in deck order
    When seat 0 plays "<opening>"
    Then playing "QS" by seat 1 is <verdict>

    @ruleset:fi @players:5
    Examples: fi five players
      | ruleset | players | deal | clubs                         | hand1                         | opening | verdict                              |
      | fi      | 5       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC | QS 3D 4D 5D 6D 7D 8D 9D TD JD | 3C      | refused with "points_on_first_trick" |

    @ruleset:fi @players:6
    Examples: fi six players
      | ruleset | players | deal | clubs                      | hand1                      | opening | verdict                              |
      | fi      | 6       | 4    | 2C XC 3C 4C 5C 6C 7C 8C 9C | QS 2D XD 3D 4D 5D 6D 7D 8D | 2C      | refused with "points_on_first_trick" |

    @ruleset:se @players:5
    Examples: se five players
      | ruleset | players | deal | clubs                         | hand1                         | opening | verdict                              |
      | se      | 5       | 5    | 3C 4C 5C 6C 7C 8C 9C TC JC QC | QS 3D 4D 5D 6D 7D 8D 9D TD JD | 3C      | refused with "points_on_first_trick" |

    @ruleset:se @players:6
    Examples: se six players
      | ruleset | players | deal | clubs                   | hand1                   | opening | verdict                              |
      | se      | 6       | 4    | 3C 4C 5C 6C 7C 8C 9C TC | QS 3D 4D 5D 6D 7D 8D 9D | 3C      | refused with "points_on_first_trick" |

    @ruleset:no @players:5
    Examples: no five players
      | ruleset | players | deal | clubs                         | hand1                         | opening | verdict                              |
      | no      | 5       | 3    | 3C 4C 5C 6C 7C 8C 9C TC JC QC | QS 3D 4D 5D 6D 7D 8D 9D TD JD | 3C      | refused with "points_on_first_trick" |

    @ruleset:no @players:6
    Examples: no six players
      | ruleset | players | deal | clubs                   | hand1                   | opening | verdict                              |
      | no      | 6       | 4    | 3C 4C 5C 6C 7C 8C 9C TC | QS 4D 5D 6D 7D 8D 9D TD | 3C      | refused with "points_on_first_trick" |

    @ruleset:dk @players:5
    Examples: dk five players
      | ruleset | players | deal | clubs                         | hand1                         | opening | verdict  |
      | dk      | 5       | 3    | 2C 3C 4C 5C 6C 7C 8C 9C TC JC | QS 2D 3D 4D 5D 6D 7D 8D 9D TD | 2C      | accepted |

    @ruleset:dk @players:6
    Examples: dk six players
      | ruleset | players | deal | clubs                   | hand1                   | opening | verdict  |
      | dk      | 6       | 4    | 2C 3C 4C 5C 6C 7C 8C 9C | QS 2D 3D 4D 5D 6D 7D 8D | 2C      | accepted |

  @id:first-trick-007 @area:first_trick
  Scenario Outline: After the first trick the queen of spades may be discarded freely
    Source: fi "Ensimmäinen tikki ja hertta rikottu" limits points only on the opening trick and
    says the queen is free afterwards; se "Spader dam" and dk "Reglen om at bryde hjerter" let a
    player out of the led suit plant the queen; no and fi-classic limit only the first trick.
    Given a "<ruleset>" game for 4 players at a deal without passing
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD AD 4H 7H TH KH 3S 6S 9S QS"
    And seat 2 holds "QC KC AC QD 2H 5H 8H JH AH 4S 7S TS KS"
    And seat 3 holds "2D 5D 8D KD 3H 6H 9H QH 2S 5S 8S JS AS"
    And the other cards are dealt in deck order
    When the cards are played "2C 9S KC 2S | QC 5S 3C"
    Then seat 1 may play "QS"
    And playing "QS" by seat 1 is accepted

    @ruleset:fi @players:4
    Examples: fi
      | ruleset |
      | fi      |

    @ruleset:se @players:4
    Examples: se
      | ruleset |
      | se      |

    @ruleset:no @players:4
    Examples: no
      | ruleset |
      | no      |

    @ruleset:fi-classic @players:4
    Examples: fi-classic
      | ruleset    |
      | fi-classic |

    @ruleset:dk @players:4
    Examples: dk
      | ruleset |
      | dk      |

  @id:first-trick-008 @area:first_trick
  Scenario Outline: Under a variant that changes card values the ban follows the point cards
    Source: fi "Ensimmäinen tikki ja hertta rikottu" bars point cards from the first trick and then
    names the hearts and the queen of spades as those cards, to add that a hand without clubs may
    not play them either; fi-classic "Pelin kulku" names them in brackets as its point cards. Both
    lists are read as the point cards, the way the moon's list is. no-queen (fi "Ilman
    patarouvaa", fi-classic "Variaatioita") takes the queen's points away, so both free her (an
    interpretation; on fi a table that keeps her barred sets first_trick_queen=forbidden);
    graduated-spades (fi "Porrastetut pisteet") makes the ace and king of spades point cards, so
    they join the ban; the Omnibus bonus cards (fi "Ruutujätkä (−10 pistettä)", fi-classic
    "Variaatioita") are plus cards, not point cards, and may be played. Seat 1 is out of clubs.
    Given a "<ruleset>" game for 4 players at a deal without passing with variants "<variant>" <options>
    And seat 0 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC 3D 6D 9D"
    And seat 1 holds "4D 7D TD JD KD 3H 6H 9H QH 3S QS KS AS"
    And seat 2 holds "QC KC AC AD 4H 7H TH KH 2S 4S 6S 8S TS"
    And seat 3 holds "2D 5D 8D QD 2H 5H 8H JH AH 5S 7S 9S JS"
    And the other cards are dealt in deck order
    When seat 0 plays "2C"
    Then playing "<card>" by seat 1 is <verdict>

    @ruleset:fi @players:4 @variant:no-queen
    Examples: fi no-queen
      | ruleset | variant  | options                                    | card | verdict                              |
      | fi      | no-queen |                                            | QS   | accepted                             |
      | fi      | no-queen | with options "first_trick_queen=forbidden" | QS   | refused with "points_on_first_trick" |

    @ruleset:fi-classic @players:4 @variant:no-queen
    Examples: fi-classic no-queen
      | ruleset    | variant  | options | card | verdict  |
      | fi-classic | no-queen |         | QS   | accepted |

    @ruleset:fi @players:4 @variant:graduated-spades
    Examples: fi graduated-spades
      | ruleset | variant          | options | card | verdict                              |
      | fi      | graduated-spades |         | AS   | refused with "points_on_first_trick" |

    @ruleset:fi @players:4 @variant:omnibus-jd
    Examples: fi omnibus-jd
      | ruleset | variant    | options | card | verdict  |
      | fi      | omnibus-jd |         | JD   | accepted |

    @ruleset:fi-classic @players:4 @variant:omnibus-td
    Examples: fi-classic omnibus-td
      | ruleset    | variant    | options | card | verdict  |
      | fi-classic | omnibus-td |         | TD   | accepted |

  @id:first-trick-009 @area:first_trick @depends:following_and_winning
  Scenario Outline: Following suit comes before the ban when the first lead is not a club
    Source: fi-classic "Pelin kulku" lets a player leave the led suit only when void and words the
    first-trick ban for a player without clubs; with the opening led by any non-point card
    (open-any, fi-classic "Variaatioita") or by the non-dealer (fi-classic "Kahden pelaajan
    hertta") the follower's only spade may be the queen, and then it must be played.
    Given a "fi-classic" game for <players> players<start> with variants "<variant>"
    And seat <leader> holds "<lead_hand>"
    And seat <follower> holds "QS 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    And the other cards are dealt in deck order
    When the seats pass "<passes>"
    And seat <leader> plays "2S"
    Then seat <follower> may play only "QS"

    @ruleset:fi-classic @players:4 @variant:open-any
    Examples: fi-classic open-any
      | players | start              | variant  | leader | follower | lead_hand                              | passes                                              |
      | 4       |  at a deal without passing | open-any | 1      | 2        | 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS 2D |                                                     |

    @ruleset:fi-classic @players:2 @variant:two-player @depends:passing
    Examples: fi-classic two-player
      | players | start | variant    | leader | follower | lead_hand                              | passes                   |
      | 2       |       | two-player | 1      | 0        | 2S 3S 2H 3H 4H 5H 6H 7H 8H 9H TH JH 2D | 0:3D 4D 5D; 1:2H 3H 4H   |

  @id:first-trick-010 @area:first_trick
  Scenario Outline: A heart forced onto the first trick breaks hearts
    Source: se "Förstasticket" and no "Slik spilles et parti" let a player with nothing but point
    cards play one on the first trick; fi "Ensimmäinen tikki ja hertta rikottu" and fi-classic
    "Pelin kulku" state no exception, and the rulesets record the forced card as an interpretation
    (as first-trick-004); dk "Sådan spilles en runde" sets no first-trick limit. The heart then
    breaks hearts as any heart does: fi "Ensimmäinen tikki ja hertta rikottu", se "Att bryta
    hjärter", no "Slik spilles et parti", fi-classic "Pelin kulku", dk "Reglen om at bryde
    hjerter". Seat 0 holds every club in play and seat 1 only hearts, so seat 1 has no other card.
    Given a "<ruleset>" game for <players> players <start>
    And seat 0 holds "<clubs>"
    And seat 1 holds "<hearts>"
    And the other cards are dealt in deck order
    When seat 0 plays "<opening>"
    Then seat 1 may play only "<hearts>"
    And playing "AH" by seat 1 is accepted
    And hearts are broken

    @ruleset:fi @players:4
    Examples: fi
      | ruleset | players | start                      | clubs                                  | hearts                                 | opening |
      | fi      | 4       | at a deal without passing | 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC | 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH | 2C      |

    @ruleset:fi @players:5
    Examples: fi five players
      | ruleset | players | start              | clubs                         | hearts                        | opening |
      | fi      | 5       | starting at deal 3 | 3C 4C 5C 6C 7C 8C 9C TC JC QC | 5H 6H 7H 8H 9H TH JH QH KH AH | 3C      |

    @ruleset:fi @players:6
    Examples: fi six players
      | ruleset | players | start              | clubs                      | hearts                     | opening |
      | fi      | 6       | starting at deal 4 | 2C XC 3C 4C 5C 6C 7C 8C 9C | 6H 7H 8H 9H TH JH QH KH AH | 2C      |

    @ruleset:se @players:4
    Examples: se
      | ruleset | players | start                      | clubs                                  | hearts                                 | opening |
      | se      | 4       | at a deal without passing | 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC | 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH | 2C      |

    @ruleset:se @players:5
    Examples: se five players
      | ruleset | players | start              | clubs                         | hearts                        | opening |
      | se      | 5       | starting at deal 5 | 3C 4C 5C 6C 7C 8C 9C TC JC QC | 5H 6H 7H 8H 9H TH JH QH KH AH | 3C      |

    @ruleset:se @players:6
    Examples: se six players
      | ruleset | players | start              | clubs                   | hearts                  | opening |
      | se      | 6       | starting at deal 4 | 3C 4C 5C 6C 7C 8C 9C TC | 7H 8H 9H TH JH QH KH AH | 3C      |

    @ruleset:no @players:4
    Examples: no
      | ruleset | players | start                      | clubs                                  | hearts                                 | opening |
      | no      | 4       | at a deal without passing | 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC | 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH | 2C      |

    @ruleset:no @players:5
    Examples: no five players
      | ruleset | players | start              | clubs                         | hearts                        | opening |
      | no      | 5       | starting at deal 3 | 3C 4C 5C 6C 7C 8C 9C TC JC QC | 5H 6H 7H 8H 9H TH JH QH KH AH | 3C      |

    @ruleset:no @players:6
    Examples: no six players
      | ruleset | players | start              | clubs                   | hearts                  | opening |
      | no      | 6       | starting at deal 4 | 3C 4C 5C 6C 7C 8C 9C TC | 7H 8H 9H TH JH QH KH AH | 3C      |

    @ruleset:fi-classic @players:4
    Examples: fi-classic
      | ruleset    | players | start                      | clubs                                  | hearts                                 | opening |
      | fi-classic | 4       | at a deal without passing | 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC | 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH | 2C      |

    @ruleset:dk @players:4
    Examples: dk
      | ruleset | players | start                      | clubs                                  | hearts                                 | opening |
      | dk      | 4       | at a deal without passing | 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC | 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH | 2C      |

    @ruleset:dk @players:5
    Examples: dk five players
      | ruleset | players | start              | clubs                         | hearts                        | opening |
      | dk      | 5       | starting at deal 3 | 2C 3C 4C 5C 6C 7C 8C 9C TC JC | 5H 6H 7H 8H 9H TH JH QH KH AH | 2C      |

    @ruleset:dk @players:6
    Examples: dk six players
      | ruleset | players | start              | clubs                   | hearts                  | opening |
      | dk      | 6       | starting at deal 4 | 2C 3C 4C 5C 6C 7C 8C 9C | 7H 8H 9H TH JH QH KH AH | 2C      |

  @id:first-trick-011 @area:first_trick @variant:cancellation
  Scenario Outline: With two decks a heart forced onto the first trick breaks hearts
    Source: as first-trick-010, at the big tables of Cancellation Hearts: dk "Varianter" and se
    "Hjärter för tre, fem och sex spelare" play it with the ruleset's other rules, the first-trick
    rule (se "Förstasticket"; dk sets no limit there) and the breaking of hearts (se "Att bryta
    hjärter", dk "Reglen om at bryde hjerter") among them. Seat 1 holds only hearts.
    Given a "<ruleset>" game for <players> players starting at deal <deal> with variants "cancellation"
    And seat 0 holds "<open> <open>"
    And seat 1 holds "<hearts>"
    And the other cards are dealt in deck order
    When seat 0 plays "<open>"
    Then playing "AH" by seat 1 is accepted
    And hearts are broken

    @ruleset:dk @players:7
    Examples: dk 7 players
      | ruleset | players | deal | open | hearts                                    |
      | dk      | 7       | 3    | 2C   | AH AH KH KH QH QH JH JH TH TH 9H 9H 8H 8H |

    @ruleset:dk @players:8
    Examples: dk 8 players
      | ruleset | players | deal | open | hearts                                 |
      | dk      | 8       | 4    | 2C   | AH AH KH KH QH QH JH JH TH TH 9H 9H 8H |

    @ruleset:dk @players:9
    Examples: dk 9 players
      | ruleset | players | deal | open | hearts                           |
      | dk      | 9       | 3    | 2C   | AH AH KH KH QH QH JH JH TH TH 9H |

    @ruleset:dk @players:10
    Examples: dk 10 players
      | ruleset | players | deal | open | hearts                        |
      | dk      | 10      | 4    | 2C   | AH AH KH KH QH QH JH JH TH TH |

    @ruleset:se @players:7
    Examples: se 7 players
      | ruleset | players | deal | open | hearts                                    |
      | se      | 7       | 3    | 3C   | AH AH KH KH QH QH JH JH TH TH 9H 9H 8H 8H |

    @ruleset:se @players:8
    Examples: se 8 players
      | ruleset | players | deal | open | hearts                                 |
      | se      | 8       | 4    | 2C   | AH AH KH KH QH QH JH JH TH TH 9H 9H 8H |

    @ruleset:se @players:9
    Examples: se 9 players
      | ruleset | players | deal | open | hearts                           |
      | se      | 9       | 3    | 3C   | AH AH KH KH QH QH JH JH TH TH 9H |

    @ruleset:se @players:10
    Examples: se 10 players
      | ruleset | players | deal | open | hearts                        |
      | se      | 10      | 4    | 3C   | AH AH KH KH QH QH JH JH TH TH |

    @ruleset:se @players:11
    Examples: se 11 players
      | ruleset | players | deal | open | hearts                     |
      | se      | 11      | 3    | 3C   | AH AH KH KH QH QH JH JH TH |

  @id:first-trick-012 @area:first_trick @ruleset:fi-classic @players:2 @variant:two-player @variant:no-passing
  Scenario: Two players: a heart forced onto the first trick breaks hearts
    Source: fi-classic "Kahden pelaajan hertta" plays the two-handed game with the ruleset's other
    rules; fi-classic "Pelin kulku" bars points from the first trick and records the forced card as
    an interpretation (as first-trick-004), and any heart played breaks hearts. Without passing,
    seat 1 (left of the dealer) leads a club and seat 0 holds only hearts.
    Given a "fi-classic" game for 2 players with variants "two-player no-passing" with dealer 0
    And seat 0 holds "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    And seat 1 holds "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And the other cards are dealt in deck order
    When seat 1 plays "2C"
    Then seat 0 may play only "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    And playing "AH" by seat 0 is accepted
    And hearts are broken

  @id:first-trick-020 @area:first_trick
  Scenario Outline: The first-trick ban applies again in the next deal
    Source: fi "Ensimmäinen tikki ja hertta rikottu", se "Förstasticket", fi-classic "Pelin kulku"
    and no "Slik spilles et parti" (as first-trick-001) speak of the first trick of every deal.
    fi and fi-classic play both deals as dealt (fi "Ilman vaihtoa", fi-classic "Variaatioita"),
    no and se reach their hold deal by passing once, in the first deal. In the second deal seat 0
    holds every club, so seat 1 is out of clubs and holds the queen of spades.
    Given a "<ruleset>" game for 4 players <start>
    And the other cards are dealt in deck order
    When <passes>
    And the rest of the deal is played with the lowest legal cards
    And the next deal is dealt in deck order with seat 0 holding "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    And seat 0 plays "2C"
    Then playing "QS" by seat 1 is refused with "points_on_first_trick"

    @ruleset:fi @players:4 @variant:no-passing
    Examples: fi
      | ruleset | start                      | passes                   |
      | fi      | with variants "no-passing" | the deal is played as dealt |

    @ruleset:fi-classic @players:4 @variant:no-passing
    Examples: fi-classic
      | ruleset    | start                      | passes                   |
      | fi-classic | with variants "no-passing" | the deal is played as dealt |

    @ruleset:no @players:4
    Examples: no
      | ruleset | start              | passes                                          |
      | no      | starting at deal 3 | each seat passes the first 3 cards it was dealt |

    @ruleset:se @players:4
    Examples: se
      | ruleset | start              | passes                                          |
      | se      | starting at deal 3 | each seat passes the first 3 cards it was dealt |
