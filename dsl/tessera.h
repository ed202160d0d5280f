//===- tessera.h - Everything a kernel author includes --------------------===//
#pragma once

#include "dsl/Jit.h"
#include "dsl/Kernel.h"
#include "runtime/Array.h"
#include "runtime/Device.h"
#include "runtime/Program.h"
#include "runtime/Types.h"
