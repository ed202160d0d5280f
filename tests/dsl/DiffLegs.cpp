//===- DiffLegs.cpp - One generated kernel run three ways, and the verdict ===//
//
// The compiled legs go through jit's compile() so that their listings can be
// counted (the passes must never lengthen a kernel); the interpreted leg
// through Kernel::call, which interprets when the spec says so.
//
//===----------------------------------------------------------------------===//
#include "DiffLegs.h"

#include <cctype>
#include <chrono>
#include <cstring>
#include <exception>
#include <optional>
#include <sstream>

#include "sim/isa/Isa.h"

namespace tessera::difftest {

const char *legName(Leg leg) {
  switch (leg) {
  case Leg::PassesOn: return "passes on";
  case Leg::PassesOff: return "passes off";
  case Leg::Interpret: return "interpret";
  }
  return "?";
}

bool configureLeg(pl::KernelSpec &spec, Leg leg) {
  bool passes = leg != Leg::PassesOff;
  spec.debug.reuse_loads = passes;
  spec.debug.eliminate_dead_stores = passes;
  switch (leg) {
  case Leg::PassesOn: spec.name += "_on"; return true;
  case Leg::PassesOff: spec.name += "_off"; return true;
  case Leg::Interpret:
    // The generated kernels keep the DMA rules, so the race detector must
    // stay silent on all of them.
    spec.name += "_interpret";
    spec.interpret = pltpu::InterpretParams{.detect_races = true};
    return kInterpretLeg;
  }
  return false;
}

pl::KernelSpec kernelSpec(const Program &p) {
  pl::KernelSpec spec{
      .out_type = ShapeDtypeStruct{p.shapes[O], DType::float32},
      .name = "diff",
      .compiler_params = {.disable_bounds_checks = !p.checks,
                          .disable_semaphore_checks = !p.checks},
      .num_scalar_prefetch = p.prefetch ? 1 : 0};
  for (const Operand &o : operands(p)) {
    spec.arg_names.push_back(o.name);
    switch (o.role) {
    case Operand::Role::Vmem:
      spec.scratch_types.push_back(pltpu::VMEM(p.shapes[o.ref], DType::float32));
      break;
    case Operand::Role::Sems: spec.scratch_types.push_back(pltpu::SemaphoreType::DMA(kNumSems)); break;
    case Operand::Role::Tmp:
      spec.scratch_types.push_back(pltpu::SMEM({kTmpWords}, DType::int32));
      break;
    case Operand::Role::Col:
      spec.scratch_types.push_back(pltpu::VMEM({kColRows, 1}, DType::float32));
      break;
    case Operand::Role::Rowb:
      spec.scratch_types.push_back(pltpu::VMEM({16, kRowbCols}, DType::bfloat16));
      break;
    case Operand::Role::Rsem: spec.scratch_types.push_back(pltpu::SemaphoreType::REGULAR(p.rsems)); break;
    case Operand::Role::Bar:
    case Operand::Role::Dbar: spec.scratch_types.push_back(pltpu::SemaphoreType::REGULAR); break;
    default: break;
    }
  }
  if (p.cores == 2)
    spec.mesh = pltpu::TensorCoreMesh{"tc", 2};
  if (p.devices > 1 && p.barrierSemaphore)
    spec.compiler_params.collective_id = 0;
  return spec;
}

std::vector<Array> kernelArgs(const Program &p) {
  std::vector<Array> args;
  if (p.prefetch)
    args.push_back(Array::from_s32(p.smem, {(int64_t)p.smem.size()}));
  args.push_back(Array::from_f32(p.x, allShards(p, X)));
  if (p.twoInputs)
    args.push_back(Array::from_f32(p.y, allShards(p, Y)));
  return args;
}

std::vector<uint32_t> toBits(const std::vector<float> &v) {
  std::vector<uint32_t> b(v.size());
  std::memcpy(b.data(), v.data(), v.size() * sizeof(float));
  return b;
}

std::string firstDifference(const std::vector<uint32_t> &got, const std::vector<uint32_t> &want,
                            const Shape &shape) {
  if (got.size() != want.size())
    return "sizes " + std::to_string(got.size()) + " and " + std::to_string(want.size());
  for (size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i]) {
      float g, w;
      std::memcpy(&g, &got[i], 4);
      std::memcpy(&w, &want[i], 4);
      size_t bad = 0;
      for (size_t j = 0; j < got.size(); ++j)
        bad += got[j] != want[j];
      std::ostringstream os;
      os << "element [" << i / shape[1] << ", " << i % shape[1] << "]: " << g << " (0x" << std::hex
         << got[i] << ") vs " << w << " (0x" << want[i] << std::dec << "); " << bad << " of "
         << got.size() << " elements differ";
      return os.str();
    }
  return "";
}

namespace {

Counts countOps(const Compiled &c) {
  Counts n;
  const auto &exe = c.program().calls.front().kernel->executable;
  auto bundles = isa::decodeProgram(exe.code);
  if (!bundles.ok())
    throw Error("the executable does not decode: " + std::string(bundles.status().message()));
  for (const isa::Bundle &bundle : *bundles)
    for (const isa::Instr &in : bundle) {
      if (in.opcode == isa::Opcode::Nop)
        continue;
      ++n.instrs;
      n.vld += in.opcode == isa::Opcode::VLd || in.opcode == isa::Opcode::VLdR;
      n.vst += in.opcode == isa::Opcode::VSt || in.opcode == isa::Opcode::VStR;
      n.branches += in.opcode == isa::Opcode::SBr;
    }
  n.spills = c.listing().find("spill") != std::string::npos;
  return n;
}

/// `p`'s kernel for one leg. The Refs come in the order of operands(p):
/// which are present depends on the program, so the body takes a list.
pl::Kernel makeKernel(const Program &p, pl::KernelSpec spec) {
  int arity = (int)operands(p).size();
  return pl::Kernel(
      std::move(spec), arity, [&p](const std::vector<Ref> &list) { replay(p, list); },
      std::source_location::current());
}

}  // namespace

LegRun runKernel(const pl::Kernel &k, const std::vector<Array> &args, Leg leg, int devices) {
  LegRun r;
  r.ran = true;
  auto t0 = std::chrono::steady_clock::now();
  try {
    // On several devices: the kernel in a shard_map, every argument and the
    // output split by rows.
    ArrayFn spread;
    if (devices > 1) {
      if (args.size() > 2)
        throw Error("runKernel: kernels on several devices take 1 or 2 arguments");
      ShardMapSpec spec{.mesh = make_mesh({devices}, {"d"}),
                        .in_specs = P("d"),
                        .out_specs = P("d"),
                        .check_vma = false};
      if (args.size() == 1)
        spread = shard_map(spec, [&](const Array &a) { return k(a); });
      else
        spread = shard_map(spec, [&](const Array &a, const Array &b) { return k(a, b); });
    }
    if (leg == Leg::Interpret) {
      r.bits = toBits((spread ? spread(args) : k.call(args).front()).to_f32());
    } else {
      std::optional<Compiled> c;
      switch (args.size()) {
      case 1:
        if (spread)
          c.emplace(compile(spread, args[0]));
        else
          c.emplace(compile([&](const Array &a) { return k(a); }, args[0]));
        break;
      case 2:
        if (spread)
          c.emplace(compile(spread, args[0], args[1]));
        else
          c.emplace(
              compile([&](const Array &a, const Array &b) { return k(a, b); }, args[0], args[1]));
        break;
      case 3:
        c.emplace(compile(
            [&](const Array &a, const Array &b, const Array &d) { return k(a, b, d); }, args[0],
            args[1], args[2]));
        break;
      default: throw Error("runKernel: kernels of 1 to 3 arguments");
      }
      absl::StatusOr<std::vector<Array>> out = c->run(args);
      r.counts = countOps(*c);
      if (out.ok() && !c->last_run().empty())
        r.counts.cycles = (int64_t)c->last_run().front().run.cycles;
      r.listing = c->listing();
      if (!out.ok())
        r.error = "run failed: " + std::string(out.status().message());
      else
        r.bits = toBits(out->front().to_f32());
    }
  } catch (const std::exception &e) {
    r.error = std::string("error: ") + e.what();
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

namespace {

/// "a", "a and b", "a, b and c".
std::string listText(const std::vector<std::string> &names) {
  std::string t;
  for (size_t i = 0; i < names.size(); ++i)
    t += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return t;
}

std::string withoutDigits(std::string t) {
  std::erase_if(t, [](char c) { return std::isdigit((unsigned char)c); });
  return t;
}

}  // namespace

Verdict judge(const Program &p, const JudgeOptions &options) {
  std::array<LegRun, kNumLegs> legs;
  for (Leg leg : kLegs) {
    pl::KernelSpec spec = kernelSpec(p);
    if (options.legs[(size_t)leg] && configureLeg(spec, leg))
      legs[(size_t)leg] = runKernel(makeKernel(p, std::move(spec)), kernelArgs(p), leg, p.devices);
  }
  return compareLegs(std::move(legs), p.expected, p.shapes[O]);
}

Verdict compareLegs(std::array<LegRun, kNumLegs> legs, const std::vector<float> &expected,
                    const Shape &shape) {
  Verdict v;
  v.legs = std::move(legs);

  // Errors first; the legs that gave an output are then compared.
  std::string errors;
  for (Leg leg : kLegs) {
    const LegRun &r = v.leg(leg);
    if (r.ran && !r.error.empty()) {
      v.signature += "E" + std::to_string((int)leg) + ":" + withoutDigits(r.error) + ";";
      v.problem += std::string(legName(leg)) + ": " + r.error + "\n";
    }
  }
  // Parties: the host model, then each leg with an output; each party's
  // group is the first party with the same bits.
  std::vector<uint32_t> want = toBits(expected);
  std::vector<std::string> names = {"the host model"};
  std::vector<const std::vector<uint32_t> *> bits = {&want};
  std::vector<int> legOf = {-1};
  for (Leg leg : kLegs) {
    const LegRun &r = v.leg(leg);
    if (r.ran && r.error.empty()) {
      names.push_back(legName(leg));
      bits.push_back(&r.bits);
      legOf.push_back((int)leg);
    }
  }
  std::vector<size_t> group(bits.size());
  size_t groups = 0;
  for (size_t i = 0; i < bits.size(); ++i) {
    group[i] = i;
    for (size_t j = 0; j < i; ++j)
      if (*bits[j] == *bits[i]) {
        group[i] = group[j];
        break;
      }
    groups += group[i] == i;
  }
  if (groups > 1) {
    std::string cls(kNumLegs, '-');
    for (size_t i = 1; i < bits.size(); ++i)
      cls[legOf[i]] = (char)('0' + group[i]);
    v.signature += "C" + cls + ";";
    std::vector<std::string> right;
    for (size_t i = 0; i < bits.size(); ++i)
      if (group[i] == 0)
        right.push_back(names[i]);
    for (size_t g = 1; g < bits.size(); ++g) {
      if (group[g] != g)
        continue;
      std::vector<std::string> wrong;
      for (size_t i = 0; i < bits.size(); ++i)
        if (group[i] == g)
          wrong.push_back(names[i]);
      v.problem += listText(wrong) + (wrong.size() == 1 ? " disagrees" : " disagree") +
                   " with " + listText(right) + ": " +
                   firstDifference(*bits[g], want, shape) + "\n";
    }
  }
  const LegRun &on = v.leg(Leg::PassesOn), &off = v.leg(Leg::PassesOff);
  if (on.ran && off.ran && on.error.empty() && off.error.empty() &&
      on.counts.instrs > off.counts.instrs) {
    v.longer = true;
    v.signature += "L";
    v.problem += std::to_string(on.counts.instrs) + " instructions with the passes on, " +
                 std::to_string(off.counts.instrs) + " with them off\n";
  }
  return v;
}

}  // namespace tessera::difftest
