#include "engine/error.h"

static const char *const bw_error_text[] = {
#define BW_ERR_TEXT(name, text) text,
    BW_ERRORS(BW_ERR_TEXT)
#undef BW_ERR_TEXT
};

const char *bw_strerror(int err)
{
    int i = -err;
    if (i < 0 || i >= (int)BW_E_COUNT_INDEX)
        return "unknown error";
    return bw_error_text[i];
}
