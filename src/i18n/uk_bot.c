/* The bot messages in Ukrainian (see i18n.h; the English is in bot.def). */
#include "i18n/i18n.h"

const struct i18n_entry i18n_uk_bot[] = {
    {MSG_BOT_SETUP_SETTLE, "%s: поставте селище (%ssettle N)"},
    {MSG_BOT_SETUP_ROAD_0, "%s: поставте дорогу від %d (%sroad %d-N)"},
    {MSG_BOT_SETUP_ROAD_1, "%s: поставте дорогу від %d: до %d (%sroad %d-N)"},
    {MSG_BOT_SETUP_ROAD_2, "%s: поставте дорогу від %d: до %d або %d (%sroad %d-N)"},
    {MSG_BOT_SETUP_ROAD_3, "%s: поставте дорогу від %d: до %d, %d або %d (%sroad %d-N)"},
    {MSG_BOT_ROLL_FIRST, "спершу киньте кубики (%sroll)"},
    {MSG_BOT_ROBBER_FIRST, "спершу перемістіть розбійника (%srobber HEX [NICK])"},
    {MSG_BOT_NEED, "бракує ще: %s"},
    {MSG_BOT_NEED_AND, " і "},
    {MSG_BOT_SITTING_IN,
     "за вас грає комп'ютерний гравець; місце знову ваше, коли почнеться ваш наступний хід"},
    {MSG_BOT_BACK_GAME, "я повернувся: гра триває, хід гравця %s (%sstatus)"},
    {MSG_BOT_BACK_LOBBY, "я повернувся: набір гравців триває (%sjoin, %sstart)"},
    {MSG_BOT_STORE_BACK_GAME, "гру знову збережено, вона триває: хід гравця %s (%sstatus)"},
    {MSG_BOT_STORE_BACK_LOBBY, "лобі знову збережено, воно триває (%sstart)"},
    {MSG_BOT_STORE_ADMIN, "сховище не працює: гру в %s не вдалося зберегти (%s); її призупинено, і "
                          "спроба зберегти повторюється що кілька секунд"},
    {MSG_BOT_IS_BACK, "%s повертається"},
    {MSG_BOT_AWAY, "%s немає в каналі; місце чекає %d хв¦%s немає в каналі; місце чекає %d хв¦%s "
                   "немає в каналі; місце чекає %d хв"},
    {MSG_BOT_AWAY_MORE, "%s немає в каналі; місце чекає ще %d хв¦%s немає в каналі; місце чекає ще "
                        "%d хв¦%s немає в каналі; місце чекає ще %d хв"},
    {MSG_BOT_SECONDS_LEFT,
     "%s: на хід лишилося %d с¦%s: на хід лишилося %d с¦%s: на хід лишилося %d с"},
    {MSG_BOT_GAVE_UP, "%s надто довго немає: місце звільнено"},
    {MSG_BOT_AWAY_SITS_IN, "%s немає: до повернення грає комп'ютерний гравець"},
    {MSG_BOT_OUT_OF_TIME, "у %s скінчився час: до повернення грає комп'ютерний гравець"},
    {MSG_BOT_PLAYS_AGAIN, "%s повертається і грає знову"},
    {MSG_BOT_TOO_FAST, "ви надсилаєте надто швидко: ігнорую вас %d с¦ви надсилаєте надто швидко: "
                       "ігнорую вас %d с¦ви надсилаєте надто швидко: ігнорую вас %d с"},
    {MSG_BOT_SLOW_DOWN, "повільніше, будь ласка: одна команда на секунду"},
    {MSG_BOT_WHAT_ABOUT, "що саме про %s? напр. %s status"},
    {MSG_BOT_ROBOTS_ALONE, "гра в %s завершується: за столом не лишилося жодної людини, лише "
                           "комп'ютерні гравці (без рейтингу)"},
    {MSG_BOT_ROBOTS_ALONE_LOBBY, "лобі в %s закрито: лишилися тільки комп'ютерні гравці"},
    /* aitrade: why a computer player refuses a person's offer. */
    {MSG_BOT_WHY_SETTLEMENT, "%s: %s, ні: %s мені самому знадобиться на селище"},
    {MSG_BOT_WHY_CITY, "%s: %s, ні: %s мені самому знадобиться на місто"},
    {MSG_BOT_WHY_DEV, "%s: %s, ні: %s мені самому знадобиться на карту розвитку"},
    {MSG_BOT_WHY_LEADER, "%s: %s, ні: ви надто близько до перемоги"},
    {MSG_BOT_WHY_NO_USE, "%s: %s, ні: зараз мені це не допоможе"},
    {MSG_BOT_WHY_COUNTER, "%s: %s, зустрічна пропозиція: %s за %s"},
    {MSG_COUNT, NULL},
};
