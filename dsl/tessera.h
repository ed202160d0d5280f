//===- tessera.h - Everything a kernel author includes --------------------===//
#pragma once

#include "driver/CompileCache.h"
#include "dsl/ArrayOps.h"
#include "dsl/Autotune.h"
#include "dsl/Jit.h"
#include "dsl/ControlFlow.h"
#include "dsl/CoreMap.h"
#include "dsl/Kernel.h"
#include "dsl/PallasCall.h"
#include "dsl/Semaphores.h"
#include "runtime/Array.h"
#include "runtime/Device.h"
#include "runtime/Program.h"
#include "runtime/Types.h"
#include "tessera/Version.h"
