/* Error codes shared by every layer: one X-macro list gives the enum and its strings. */
#ifndef BW_ERROR_H
#define BW_ERROR_H

#define BW_ERRORS(X)                                                                               \
    X(OK, "ok")                                                                                    \
    X(INVALID, "invalid argument")                                                                 \
    X(NOT_YOUR_TURN, "it is not your turn")                                                        \
    X(WRONG_PHASE, "that is not possible now")                                                     \
    X(NOT_ENOUGH, "not enough resources")                                                          \
    X(NO_PIECES, "no pieces of that kind left")                                                    \
    X(OCCUPIED, "that spot is taken")                                                              \
    X(TOO_CLOSE, "too close to another building (distance rule)")                                  \
    X(NOT_CONNECTED, "not connected to your roads or buildings")                                   \
    X(NOT_YOURS, "you have no settlement there")                                                   \
    X(NO_SUCH_SPOT, "no such place on the board")                                                  \
    X(DECK_EMPTY, "the development deck is empty")                                                 \
    X(NO_CARD, "you have no such card to play")                                                    \
    X(CARD_NEW, "a card bought this turn cannot be played yet")                                    \
    X(CARD_PLAYED, "you already played a development card this turn")                              \
    X(BANK_EMPTY, "the bank does not hold that")                                                   \
    X(BAD_RATE, "that does not match your trade rates")                                            \
    X(BAD_TRADE, "a trade needs cards on both sides and no resource on both")                      \
    X(NO_OFFER, "no such trade offer")                                                             \
    X(NOT_ACCEPTED, "that player has not accepted the offer")                                      \
    X(ROBBER_SAME, "the robber must move to a different hex")                                      \
    X(BAD_VICTIM, "you cannot steal from that player there")                                       \
    X(DISCARD_COUNT, "wrong number of cards to discard")                                           \
    X(NO_DISCARD, "you do not need to discard")                                                    \
    X(NOT_PLAYING, "that player is not in the game")                                               \
    X(GAME_OVER, "the game is over")                                                               \
    X(TOO_MANY, "too many pending items")                                                          \
    X(NOMEM, "out of memory")                                                                      \
    X(IO, "input/output error")                                                                    \
    X(PARSE, "could not parse")                                                                    \
    X(NOT_FOUND, "not found")                                                                      \
    X(DENIED, "permission denied")                                                                 \
    X(AMBIGUOUS, "ambiguous")                                                                      \
    X(LIMIT, "limit exceeded")                                                                     \
    X(PIRATE, "the pirate is there: no ship may be built or moved beside it")                      \
    X(SHIP_MOVED, "you already moved a ship this turn")                                            \
    X(SHIP_NEW, "a ship built this turn cannot move yet")                                          \
    X(SHIP_CLOSED, "only a ship at the open end of a line can move")                               \
    X(PIRATE_SAME, "the pirate must move to a different sea hex")                                  \
    X(NOT_HOME, "the first settlements stand on a home island")                                    \
    X(GOLD_COUNT, "choose as many cards as your gold fields give")                                 \
    X(RIVER_BANK, "no setup settlement may stand on the river bank")                               \
    X(NO_SEA, "no sea beside that side: a road goes there")                                        \
    X(NO_LAND, "no land beside that side: a ship goes there")                                      \
    X(SEA_CORNER, "that corner touches no land: settlements stand on land")                        \
    X(IN_FOG, "that place is still in the fog")                                                    \
    X(TRIBE, "the tribe's islands are not for settlements or the robber")                          \
    X(PIRATE_LOCKED, "you move the pirate once you trade with a village")                          \
    X(NO_HARBOR, "you hold no such harbor to place")                                               \
    X(HARBOR_SPOT, "a harbor goes on the coast at your settlement or city, beside no harbor")      \
    X(WONDER_TAKEN, "another player builds that wonder")                                           \
    X(WONDER_OTHER, "you build another wonder: one each")                                          \
    X(WONDER_NEEDS, "you do not meet that wonder's condition to start it")                         \
    X(ROUTE, "your ships go one after another along your route to your fortress, and stay")        \
    X(NO_WARSHIP, "you have no ship left to make a warship")                                       \
    X(FORTRESS, "you attack your fortress once a turn, when your ships have reached it")           \
    X(NO_TRADE, "trades between players are off in this game (the bank and harbors still trade)")  \
    X(FRIENDLY_ROBBER, "the friendly robber spares players with 2 or fewer points")                \
    X(ROBBER_DESERT, "the robber may not go back to the desert in this game")                      \
    X(NEUTRAL_SETTLE, "a neutral settlement fits: build it, a neutral road only where none fits")  \
    X(NEUTRAL_WHICH, "that fits both neutral players: name one, a or b")                           \
    X(NEUTRAL_ROAD, "you build a neutral road now, not a settlement")                              \
    X(TOKENS_SHORT, "not enough trade tokens")                                                     \
    X(TOKEN_USED, "you already did that with trade tokens this turn")                              \
    X(NO_HAND, "your opponent holds no resource cards")                                            \
    X(ROBBER_HOME, "the robber is already in the desert")

enum bw_err {
#define BW_ERR_ENUM(name, text) BW_E_##name##_INDEX,
    BW_ERRORS(BW_ERR_ENUM)
#undef BW_ERR_ENUM
        BW_E_COUNT_INDEX
};

/* Errors are returned as negative values: BW_OK is 0, BW_E_X is -(index of X). */
#define BW_ERR_VALUE(name) (-(int)BW_E_##name##_INDEX)
#define BW_OK 0
#define BW_E(name) BW_ERR_VALUE(name)

/* Text for an error value (0 or negative); a borrowed constant string. */
const char *bw_strerror(int err);

#endif
