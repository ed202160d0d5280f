//===- Version.cpp - tessera::version() -----------------------------------===//
#include "tessera/Version.h"

namespace tessera {

const char *version() { return TESSERA_VERSION_STRING; }

}  // namespace tessera
