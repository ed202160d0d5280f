// The seed's CompilerParams experiment: the input DMA moves only
// x_hbm.at(pl::ds(off, 8)), with `off` read from an SMEM scalar input, and
// the kernel is compiled with bounds checks and semaphore checks on or off.
//
//   build/bin/check_switches                      the four listings, with
//                                                 their check instruction counts,
//                                                 then a run with both checks on
//   build/bin/check_switches --offset=12          a window out of range: the
//                                                 bounds check stops the kernel
//   build/bin/check_switches --bounds-checks=off --semaphore-checks=off --dump=listing
#include <iostream>
#include <string>

#include "dsl/tessera.h"
#include "samples/SampleMain.h"
#include "sim/isa/Isa.h"

using namespace tessera;

namespace {

/// The kernel of the experiment, with the two switches.
ArrayFn experiment(const Mesh &mesh, bool boundsChecks, bool semaphoreChecks, bool interpret) {
  return shard_map(
      {.mesh = mesh, .in_specs = P(), .out_specs = P(), .check_vma = false},
      [=](const Array &off, const Array &x) -> Array {
        auto kernel = pl::kernel(
            {.out_type = ShapeDtypeStruct{{8, 128}, x.dtype()},
             .mesh = pltpu::TensorCoreMesh{"tc", 1},
             .scratch_types = {pltpu::VMEM({8, 128}, x.dtype()), pltpu::SemaphoreType::DMA},
             .name = "check_switches",
             .compiler_params = {.disable_bounds_checks = !boundsChecks,
                                 .disable_semaphore_checks = !semaphoreChecks},
             .num_scalar_prefetch = 1,
             .arg_names = {"off_smem", "x_hbm", "o_hbm", "x_vmem", "sem"}, .interpret = interpret},
            [](Ref off_smem, Ref x_hbm, Ref o_hbm, Ref x_vmem, Ref sem) {
              pltpu::async_copy(x_hbm.at(pl::ds(off_smem[0], 8)), x_vmem, sem).wait();
              x_vmem[___] = x_vmem[___] * 2.0;
              pltpu::async_copy(x_vmem, o_hbm, sem).wait();
            });
        return kernel(off, x);
      });
}

struct Counts {
  int bundles = 0, instructions = 0, halts = 0;
};

Counts count(const Compiled &c) {
  Counts n;
  const auto &exe = c.program().calls.front().kernel->executable;
  auto bundles = isa::decodeProgram(exe.code);
  if (!bundles.ok())
    throw Error(std::string(bundles.status().message()));
  n.bundles = bundles->size();
  for (const isa::Bundle &b : *bundles)
    for (const isa::Instr &i : b) {
      n.instructions += i.opcode != isa::Opcode::Nop;
      n.halts += i.opcode == isa::Opcode::SHalt;
    }
  return n;
}

}  // namespace

int main(int argc, char **argv) {
  auto flags = samples::parseFlags(
      argc, argv, {"--bounds-checks=on|off", "--semaphore-checks=on|off", "--offset=N"});
  int offset = (int)flags.number("offset", 8);
  bool explicitSwitches = flags.has("bounds-checks") || flags.has("semaphore-checks");
  bool bounds = flags.onOff("bounds-checks", true);
  bool semaphores = flags.onOff("semaphore-checks", true);

  tpu_init::initialize_one_chip();
  auto mesh = make_mesh({1}, {"device"});
  std::vector<float> data(16 * 128);
  for (size_t i = 0; i < data.size(); ++i)
    data[i] = (float)i;
  auto x = Array::from_f32(data, {16, 128});
  auto off = Array::from_s32({offset}, {1});

  if (flags.dump.empty() && !explicitSwitches && !flags.interpret) {
    // The four variants, one after another (their listings: not in interpret
    // mode, which has none).
    try {
      Counts none = count(compile(experiment(mesh, false, false, false), off, x));
      for (bool b : {true, false})
        for (bool s : {true, false}) {
          Compiled c = compile(experiment(mesh, b, s, false), off, x);
          Counts n = count(c);
          std::cout << "=== bounds checks " << (b ? "on" : "off") << ", semaphore checks "
                    << (s ? "on" : "off") << ": " << n.bundles << " bundles, "
                    << n.instructions << " instructions, " << n.instructions - none.instructions
                    << " of them for checks (" << n.halts << " shalt) ===\n"
                    << c.listing() << "\n";
        }
    } catch (const Error &e) {
      std::cerr << "error: " << e.what() << "\n";
      return 1;
    }
  }

  return samples::report(
      flags,
      [&] { return compile(experiment(mesh, bounds, semaphores, flags.interpret), off, x); },
      [&](const Compiled &c) {
        auto out = c.run({off, x});
        if (!out.ok()) {
          std::cout << "error: " << out.status().message() << "\n";
          return false;
        }
        if (offset < 0 || offset + 8 > 16) {
          std::cout << "rows [" << offset << ", " << offset + 8
                    << ") are outside x_hbm's [0, 16): the kernel read memory beyond the "
                       "array, there is no reference to compare with\n";
          return false;
        }
        std::vector<float> want;
        for (int64_t i = 0; i < 8 * 128; ++i)
          want.push_back(data[offset * 128 + i] * 2.0f);
        return samples::expectEqual(out->front().to_f32(), want);
      });
}
