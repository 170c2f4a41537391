/* The bot messages in Arabic (see i18n.h; the English is in bot.def). */
#include "i18n/i18n.h"

const struct i18n_entry i18n_ar_bot[] = {
    {MSG_BOT_SETUP_SETTLE, "%s: ضع مستوطنة (%ssettle N)"},
    {MSG_BOT_SETUP_ROAD_0, "%s: ضع طريقًا من %d (%sroad %d-N)"},
    {MSG_BOT_SETUP_ROAD_1, "%s: ضع طريقًا من %d: إلى %d (%sroad %d-N)"},
    {MSG_BOT_SETUP_ROAD_2, "%s: ضع طريقًا من %d: إلى %d أو %d (%sroad %d-N)"},
    {MSG_BOT_SETUP_ROAD_3, "%s: ضع طريقًا من %d: إلى %d أو %d أو %d (%sroad %d-N)"},
    {MSG_BOT_ROLL_FIRST, "ارمِ النرد أولًا (%sroll)"},
    {MSG_BOT_ROBBER_FIRST, "حرّك اللص أولًا (%srobber HEX [NICK])"},
    {MSG_BOT_NEED, "تحتاج أيضًا إلى: %s"},
    {MSG_BOT_NEED_AND, " و"},
    {MSG_BOT_SITTING_IN, "يلعب عنك لاعب حاسوبي؛ يعود المقعد إليك عند بداية دورك التالي"},
    {MSG_BOT_BACK_GAME, "عدت: تستمر اللعبة، والدور على %s (%sstatus)"},
    {MSG_BOT_BACK_LOBBY, "عدت: يستمر تجميع اللاعبين (%sjoin، %sstart)"},
    {MSG_BOT_STORE_BACK_GAME, "حُفظت اللعبة مجددًا وتستمر: الدور على %s (%sstatus)"},
    {MSG_BOT_STORE_BACK_LOBBY, "حُفظت الردهة مجددًا وتستمر (%sstart)"},
    {MSG_BOT_STORE_ADMIN,
     "التخزين معطّل: تعذّر حفظ اللعبة في %s (%s)؛ وهي متوقفة مؤقتًا، ويُعاد الحفظ كل بضع ثوانٍ"},
    {MSG_BOT_IS_BACK, "عاد %s"},
    {MSG_BOT_AWAY,
     "%s غائب؛ يبقى المقعد محجوزًا %d دقيقة¦%s غائب؛ يبقى المقعد محجوزًا دقيقة واحدة¦%s غائب؛ يبقى "
     "المقعد محجوزًا دقيقتين¦%s غائب؛ يبقى المقعد محجوزًا %d دقائق¦%s غائب؛ يبقى المقعد محجوزًا %d "
     "دقيقة¦%s غائب؛ يبقى المقعد محجوزًا %d دقيقة"},
    {MSG_BOT_AWAY_MORE,
     "%s غائب؛ يبقى المقعد محجوزًا %d دقيقة أخرى¦%s غائب؛ يبقى المقعد محجوزًا دقيقة أخرى¦%s غائب؛ "
     "يبقى المقعد محجوزًا دقيقتين أخريين¦%s غائب؛ يبقى المقعد محجوزًا %d دقائق أخرى¦%s غائب؛ يبقى "
     "المقعد محجوزًا %d دقيقة أخرى¦%s غائب؛ يبقى المقعد محجوزًا %d دقيقة أخرى"},
    {MSG_BOT_SECONDS_LEFT,
     "%s: بقيت %d ثانية لدورك¦%s: بقيت ثانية واحدة لدورك¦%s: بقيت ثانيتان لدورك¦%s: بقيت %d ثوانٍ "
     "لدورك¦%s: بقيت %d ثانية لدورك¦%s: بقيت %d ثانية لدورك"},
    {MSG_BOT_GAVE_UP, "غاب %s طويلًا جدًا ويترك المقعد"},
    {MSG_BOT_AWAY_SITS_IN, "%s غائب: يلعب مكانه لاعب حاسوبي حتى يعود"},
    {MSG_BOT_OUT_OF_TIME, "انتهى وقت %s: يلعب مكانه لاعب حاسوبي حتى يعود"},
    {MSG_BOT_PLAYS_AGAIN, "عاد %s ويلعب من جديد"},
    {MSG_BOT_TOO_FAST,
     "ترسل بسرعة كبيرة: سأتجاهلك %d ثانية¦ترسل بسرعة كبيرة: سأتجاهلك ثانية واحدة¦ترسل بسرعة كبيرة: "
     "سأتجاهلك ثانيتين¦ترسل بسرعة كبيرة: سأتجاهلك %d ثوانٍ¦ترسل بسرعة كبيرة: سأتجاهلك %d ثانية¦ترسل "
     "بسرعة كبيرة: سأتجاهلك %d ثانية"},
    {MSG_BOT_SLOW_DOWN, "أبطئ من فضلك: أمر واحد في الثانية"},
    {MSG_BOT_WHAT_ABOUT, "ماذا عن %s؟ مثلًا %s status"},
    {MSG_BOT_ROBOTS_ALONE,
     "تنتهي اللعبة في %s: لم يبق على الطاولة أي شخص، بل لاعبون حاسوبيون فقط (دون تصنيف)"},
    {MSG_BOT_ROBOTS_ALONE_LOBBY, "أُغلقت غرفة الانتظار في %s: لم يبق فيها إلا لاعبون حاسوبيون"},
    /* aitrade: why a computer player refuses a person's offer. */
    {MSG_BOT_WHY_SETTLEMENT, "%s: %s، لا: أحتاج إلى %s لبناء مستوطنة"},
    {MSG_BOT_WHY_CITY, "%s: %s، لا: أحتاج إلى %s لبناء مدينة"},
    {MSG_BOT_WHY_DEV, "%s: %s، لا: أحتاج إلى %s لشراء بطاقة تطوير"},
    {MSG_BOT_WHY_LEADER, "%s: %s، لا: أنت قريب جدًا من الفوز"},
    {MSG_BOT_WHY_NO_USE, "%s: %s، لا: هذا لا يفيدني الآن"},
    {MSG_BOT_WHY_COUNTER, "%s: %s، عرض مقابل: %s مقابل %s"},
    {MSG_COUNT, NULL},
};
