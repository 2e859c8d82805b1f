// libphonenumber behind the C functions of CPhoneNumbers.h. No C++ exception leaves this file:
// Swift cannot catch one, so a failure (even running out of memory) is an answer of false.
#include "CPhoneNumbers.h"

#include <cstring>
#include <string>

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

bool cphonenumbers_e164(const char *text, const char *region, char *out, size_t capacity) {
  if (out == nullptr || capacity == 0) return false;
  out[0] = '\0';
  if (text == nullptr) return false;
  try {
    const PhoneNumberUtil *util = PhoneNumberUtil::GetInstance();
    PhoneNumber number;
    // "ZZ" is libphonenumber's unknown region: only a number with its country code is read.
    if (util->Parse(text, region != nullptr ? region : "ZZ", &number) != PhoneNumberUtil::NO_PARSING_ERROR) {
      return false;
    }
    std::string e164;
    util->Format(number, PhoneNumberUtil::E164, &e164);
    if (e164.empty() || e164.size() >= capacity) return false;
    std::memcpy(out, e164.c_str(), e164.size() + 1);
    return true;
  } catch (...) {
    out[0] = '\0';
    return false;
  }
}

bool cphonenumbers_is_known_region(const char *region) {
  if (region == nullptr) return false;
  try {
    // Its country calling code is 0 for a region libphonenumber has no plan for.
    return PhoneNumberUtil::GetInstance()->GetCountryCodeForRegion(region) != 0;
  } catch (...) {
    return false;
  }
}
