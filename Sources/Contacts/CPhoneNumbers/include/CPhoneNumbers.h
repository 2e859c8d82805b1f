// CPhoneNumbers: the one thing `contacts` asks of libphonenumber (Google's phone-number library,
// which Debian ships as libphonenumber-dev), as plain C that Swift imports without C++ interop.
#ifndef CPHONENUMBERS_H
#define CPHONENUMBERS_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Room for any answer of `cphonenumbers_e164`: a `+`, at most 15 digits (ITU-T E.164 §6.1) and
/// the NUL, with some to spare.
#define CPHONENUMBERS_E164_CAPACITY 32

/// Reads `text` (UTF-8, as a person typed it: spaces, dashes, brackets, `(0)`, an extension,
/// letters for digits) as libphonenumber reads a phone number, and writes it in E.164
/// (`+49301234567`) into `out`, NUL-terminated. A number without an international prefix is
/// taken to be from `region` (ISO 3166-1 alpha-2, `DE`); with `region` NULL or unknown, only
/// numbers that name their country can be read. Returns false, leaving `out` an empty string,
/// when the text is no number libphonenumber can read or `capacity` is too small.
/// Thread-safe: libphonenumber's reader is one immutable instance.
bool cphonenumbers_e164(const char *text, const char *region, char *out, size_t capacity);

/// Whether libphonenumber knows the numbering plan of `region` (ISO 3166-1 alpha-2, upper case:
/// `DE`, `US`, `GB`), so that numbers without an international prefix can be read as from there.
bool cphonenumbers_is_known_region(const char *region);

#ifdef __cplusplus
}
#endif

#endif
