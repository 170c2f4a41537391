/* Whether a document is well-formed XML as far as the web view's SVG and HTML pages need: an
 * optional XML declaration or HTML5 doctype, one root element, tags balanced, attributes
 * name="value" once each, no raw '&' or '<' in text or values, no comment or processing
 * instruction elsewhere. Returns NULL, or what is wrong. */
#ifndef BW_TESTS_XML_CHECK_H
#define BW_TESTS_XML_CHECK_H

#include <stddef.h>

const char *xml_error(const char *doc);

#endif
