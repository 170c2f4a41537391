/* A small XML well-formedness checker for the web view's tests (see xml_check.h). */
#include "xml_check.h"

#include <stdio.h>
#include <string.h>

static int name_char(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           ch == '-' || ch == ':' || ch == '_';
}

/* An entity at s ("&amp;" ...): its length, or 0 when s is a raw '&'. */
static size_t entity_len(const char *s)
{
    static const char *const ent[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
    for (int i = 0; i < 5; i++)
        if (!strncmp(s, ent[i], strlen(ent[i])))
            return strlen(ent[i]);
    return 0;
}

/* Whether doc is well-formed as far as this drawing needs: an optional declaration, one root
 * element, tags balanced, attributes name="value" once each, no raw '&' or '<' in text or
 * values, no comment or processing instruction elsewhere. Returns NULL or what is wrong. */
const char *xml_error(const char *doc)
{
    const char *p = doc;
    char stack[64][32];
    int depth = 0, roots = 0;
    if (!strncmp(p, "<?xml ", 6)) {
        p = strstr(p, "?>");
        if (!p)
            return "unclosed declaration";
        p += 2;
    }
    while (*p == '\n' || *p == ' ')
        p++;
    if (!strncmp(p, "<!DOCTYPE html>", 15))
        p += 15;
    while (*p) {
        if (*p == '&') {
            if (!entity_len(p))
                return "raw & in text";
            p += entity_len(p);
            continue;
        }
        if (*p != '<') {
            if (!depth && *p != '\n' && *p != ' ')
                return "text outside the root";
            p++;
            continue;
        }
        int closing = p[1] == '/';
        const char *n = p + 1 + closing;
        size_t len = 0;
        while (name_char(n[len]))
            len++;
        if (!len || len >= sizeof stack[0])
            return "bad tag name";
        p = n + len;
        if (closing) {
            if (*p != '>' || !depth || strlen(stack[depth - 1]) != len ||
                strncmp(stack[depth - 1], n, len))
                return "unbalanced closing tag";
            depth--;
            p++;
            continue;
        }
        char seen[16][32];
        int n_seen = 0;
        for (;;) {
            while (*p == ' ' || *p == '\n')
                p++;
            if (*p == '>' || (p[0] == '/' && p[1] == '>'))
                break;
            size_t al = 0;
            while (name_char(p[al]))
                al++;
            if (!al || al >= 32 || p[al] != '=' || p[al + 1] != '"')
                return "attribute not name=\"value\"";
            for (int i = 0; i < n_seen; i++)
                if (strlen(seen[i]) == al && !strncmp(seen[i], p, al))
                    return "attribute twice";
            if (n_seen < 16)
                snprintf(seen[n_seen++], 32, "%.*s", (int)al, p);
            p += al + 2;
            while (*p && *p != '"') {
                if (*p == '<' || (*p == '&' && !entity_len(p)))
                    return "raw < or & in a value";
                p++;
            }
            if (!*p)
                return "unclosed value";
            p++;
            if (*p != ' ' && *p != '>' && *p != '/' && *p != '\n')
                return "no space after a value";
        }
        if (!depth && roots++)
            return "two roots";
        if (*p == '>') {
            if (depth == 64)
                return "too deep";
            snprintf(stack[depth++], sizeof stack[0], "%.*s", (int)len, n);
            p++;
        } else {
            p += 2;
        }
    }
    return depth ? "unclosed element" : roots != 1 ? "no root" : NULL;
}
