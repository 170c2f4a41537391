/* The bot messages in Serbian (Latin script) (see i18n.h; the English is in bot.def). */
#include "i18n/i18n.h"

const struct i18n_entry i18n_sr_bot[] = {
    {MSG_BOT_SETUP_SETTLE, "%s: postavite naselje (%ssettle N)"},
    {MSG_BOT_SETUP_ROAD_0, "%s: postavite put od %d (%sroad %d-N)"},
    {MSG_BOT_SETUP_ROAD_1, "%s: postavite put od %d: do %d (%sroad %d-N)"},
    {MSG_BOT_SETUP_ROAD_2, "%s: postavite put od %d: do %d ili %d (%sroad %d-N)"},
    {MSG_BOT_SETUP_ROAD_3, "%s: postavite put od %d: do %d, %d ili %d (%sroad %d-N)"},
    {MSG_BOT_ROLL_FIRST, "prvo bacite kockice (%sroll)"},
    {MSG_BOT_ROBBER_FIRST, "prvo pomerite razbojnika (%srobber HEX [NICK])"},
    {MSG_BOT_NEED, "nedostaje još: %s"},
    {MSG_BOT_NEED_AND, " i "},
    {MSG_BOT_SITTING_IN, "umesto vas igra računar; mesto je opet vaše kad počne vaš sledeći potez"},
    {MSG_BOT_BACK_GAME, "vratio sam se: igra se nastavlja, potez igrača %s (%sstatus)"},
    {MSG_BOT_BACK_LOBBY, "vratio sam se: okupljanje igrača se nastavlja (%sjoin, %sstart)"},
    {MSG_BOT_STORE_BACK_GAME, "igra je ponovo sačuvana i nastavlja se: potez igrača %s (%sstatus)"},
    {MSG_BOT_STORE_BACK_LOBBY, "lobi je ponovo sačuvan i nastavlja se (%sstart)"},
    {MSG_BOT_STORE_ADMIN, "skladište ne radi: igra u %s nije mogla da se sačuva (%s); pauzirana "
                          "je, a čuvanje se ponovo pokušava svakih nekoliko sekundi"},
    {MSG_BOT_IS_BACK, "%s se vraća"},
    {MSG_BOT_AWAY, "%s nije tu; mesto se čuva %d min¦%s nije tu; mesto se čuva %d min¦%s nije tu; "
                   "mesto se čuva %d min"},
    {MSG_BOT_AWAY_MORE, "%s nije tu; mesto se čuva još %d min¦%s nije tu; mesto se čuva još %d "
                        "min¦%s nije tu; mesto se čuva još %d min"},
    {MSG_BOT_SECONDS_LEFT,
     "%s: za potez je ostalo %d s¦%s: za potez je ostalo %d s¦%s: za potez je ostalo %d s"},
    {MSG_BOT_GAVE_UP, "%s predugo nije tu i ostavlja mesto"},
    {MSG_BOT_AWAY_SITS_IN, "%s nije tu: dok se ne vrati, igra računar"},
    {MSG_BOT_OUT_OF_TIME, "%s nema više vremena: dok se ne vrati, igra računar"},
    {MSG_BOT_PLAYS_AGAIN, "%s se vraća i opet igra"},
    {MSG_BOT_TOO_FAST, "šaljete prebrzo: ignorišem vas %d s¦šaljete prebrzo: ignorišem vas %d "
                       "s¦šaljete prebrzo: ignorišem vas %d s"},
    {MSG_BOT_SLOW_DOWN, "sporije, molim: jedna komanda u sekundi"},
    {MSG_BOT_WHAT_ABOUT, "šta o %s? npr. %s status"},
    {MSG_BOT_ROBOTS_ALONE, "igra u %s se završava: za stolom više nema nijednog čoveka, samo "
                           "računari (ne ulazi u rejting)"},
    {MSG_BOT_ROBOTS_ALONE_LOBBY, "lobi u %s je zatvoren: ostali su samo računari"},
    /* aitrade: why a computer player refuses a person's offer. */
    {MSG_BOT_WHY_SETTLEMENT, "%s: %s, ne: treba mi %s za naselje"},
    {MSG_BOT_WHY_CITY, "%s: %s, ne: treba mi %s za grad"},
    {MSG_BOT_WHY_DEV, "%s: %s, ne: treba mi %s za razvojnu kartu"},
    {MSG_BOT_WHY_LEADER, "%s: %s, ne: previše ste blizu pobede"},
    {MSG_BOT_WHY_NO_USE, "%s: %s, ne: to mi sada ne pomaže"},
    {MSG_BOT_WHY_COUNTER, "%s: %s, protivponuda: %s za %s"},
    {MSG_COUNT, NULL},
};
