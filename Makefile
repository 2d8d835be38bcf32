# gmem — see README.md. `make` builds build/gmem (pure C); `make cosim`
# builds build/gmem-cosim (the same CLI with Verilated RTL models linked in).

CC      ?= gcc
CXX     ?= g++
BUILD   := build
GEN     := $(BUILD)/gen
SHELL   := /bin/bash

WARN    := -Wall -Wextra -Werror
CSTD    := -std=c11 -D_POSIX_C_SOURCE=200809L
OPT     ?= -O2 -g
# GCC's link-time optimization for the model's own builds (the hot path
# crosses many small files); other compilers, the sanitized build and the
# unit tests go without.
ifeq ($(origin LTO),undefined)
LTO     := $(if $(findstring Free Software Foundation,$(shell $(CC) --version 2>/dev/null)),-flto=auto)
endif
SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
CPPFLAGS_C := -Icmodel -Icmodel/blocks -I$(GEN) -DGM_SOURCE_DIR='"$(CURDIR)"'
CFLAGS_C   := $(CSTD) $(WARN) $(OPT) -MMD -MP
LDLIBS_C   := -lcjson -llzma -lm

BLOCKS  := $(sort $(patsubst cmodel/blocks/%.ports,%,$(wildcard cmodel/blocks/*.ports)))
PLUGINS := $(sort $(patsubst cmodel/sim/plug/%.c,%,$(wildcard cmodel/sim/plug/*.c)))
CM_SRC  := $(sort $(shell find cmodel -name '*.c' ! -name main.c ! -name cmd_pure.c))
CM_OBJ  := $(CM_SRC:%.c=$(BUILD)/obj/%.o)
CM_SAN  := $(CM_SRC:%.c=$(BUILD)/san/%.o)

.PHONY: all cosim test run lint synth bench deps clean reproduce docs help
all: $(BUILD)/gmem

# ---- dependencies (Debian packages), per target: each goal checks only the
# groups of scripts/deps.sh it needs (`make` the C compiler, libcjson and liblzma;
# Verilator, Yosys, GTKWave, gnuplot, cmocka and clang only where used),
# once per change of the script (a stamp per group). Checked while the
# Makefile is read, not as a rule: some rules' prerequisites (Verilator's
# runtime sources) exist only once the packages are installed, and make
# decides which rules apply before it would run a rule that installs. A goal
# not listed checks every group; `make deps` installs them all.
DEPS_ALL := core unit rtl synth vcd plot fuzz reproduce cluster
DEPS_GOAL_all := core
DEPS_GOAL_$(BUILD)/gmem := core
DEPS_GOAL_$(BUILD)/san/gmem := core
DEPS_GOAL_run := core
DEPS_GOAL_docs := core
DEPS_GOAL_cosim := core rtl
DEPS_GOAL_$(BUILD)/gmem-cosim := core rtl
DEPS_GOAL_$(BUILD)/san/gmem-cosim := core rtl
DEPS_GOAL_cosim-fault := core rtl
DEPS_GOAL_lint := core rtl
DEPS_GOAL_bench := core rtl
DEPS_GOAL_soak := core rtl
DEPS_GOAL_synth := core synth
DEPS_GOAL_test := core unit rtl vcd plot fuzz reproduce cluster
DEPS_GOAL_test-build := $(DEPS_GOAL_test)
DEPS_GOAL_reproduce := core plot reproduce
DEPS_GOAL_fuzz := core fuzz
DEPS_GOAL_fuzz-build := core fuzz
DEPS_GOAL_clean :=
DEPS_GOAL_help :=
DEPS_GOAL_deps :=
deps_of    = $(if $(filter undefined,$(origin DEPS_GOAL_$(1))),$(DEPS_ALL),$(DEPS_GOAL_$(1)))
deps_stamp = $(BUILD)/.deps-$(1)
DEPS_NEED  := $(sort $(foreach g,$(or $(MAKECMDGOALS),all),$(call deps_of,$(g))))
DEPS_STALE := $(strip $(foreach d,$(DEPS_NEED),$(if $(shell [ $(call deps_stamp,$(d)) -nt scripts/deps.sh ] && echo ok),,$(d))))
ifneq ($(DEPS_STALE),)
DEPS_RC := $(shell scripts/deps.sh $(DEPS_STALE) >&2; echo $$?)
ifneq ($(DEPS_RC),0)
$(error scripts/deps.sh $(DEPS_STALE) failed (exit $(DEPS_RC)); see above)
endif
$(shell mkdir -p $(BUILD) && touch $(foreach d,$(DEPS_STALE),$(call deps_stamp,$(d))))
endif
DEPS_STAMP := $(call deps_stamp,core)
$(BUILD)/.deps-%: scripts/deps.sh
	@scripts/deps.sh $*
	@mkdir -p $(BUILD) && touch $@
deps:
	@scripts/deps.sh
# ---- end of dependencies

# ---- generated lists (rewritten only when they change)
$(GEN)/blocks.inc: FORCE
	@mkdir -p $(GEN)
	@printf 'GM_BLOCK_ENTRY(%s)\n' $(BLOCKS) > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp
$(GEN)/plugins.inc: FORCE
	@mkdir -p $(GEN)
	@printf 'GM_PLUGIN_ENTRY(%s)\n' $(PLUGINS) > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp
.PHONY: FORCE

# ---- version: `gmem --version` prints `git describe` of the checkout at
# build time (main.o is rebuilt when it changes).
GM_VERSION := $(or $(shell git -C $(CURDIR) describe --always --dirty --tags 2>/dev/null),unknown)
$(GEN)/version.txt: FORCE
	@mkdir -p $(GEN)
	@echo '$(GM_VERSION)' > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp
$(BUILD)/obj/cmodel/main.o $(BUILD)/san/cmodel/main.o: $(GEN)/version.txt
$(BUILD)/obj/cmodel/main.o $(BUILD)/san/cmodel/main.o: CPPFLAGS_C += -DGM_VERSION='"$(GM_VERSION)"'
# ---- end of version

# ---- pure C
$(BUILD)/obj/%.o: %.c | $(DEPS_STAMP) $(GEN)/blocks.inc $(GEN)/plugins.inc
	@mkdir -p $(dir $@)
	@echo "CC $<"
	@$(CC) $(CPPFLAGS_C) $(CFLAGS_C) $(MODEL_OPT) $(LTO) $(PGO_USE_FLAGS) -c $< -o $@
$(BUILD)/san/%.o: %.c | $(DEPS_STAMP) $(GEN)/blocks.inc $(GEN)/plugins.inc
	@mkdir -p $(dir $@)
	@echo "CC [asan,ubsan] $<"
	@$(CC) $(CPPFLAGS_C) $(CFLAGS_C) $(SAN) -c $< -o $@

# ---- profile-guided optimization (GCC): the model's objects, which
# build/gmem and the cosim builds link, are compiled with the profile of
# an instrumented build of the same sources over short training runs
# (scripts/pgo-train.sh). The bench set runs about 14 % faster; what the
# model computes does not change (the golden regression, tests/golden,
# holds for either build). A change of any source retrains and recompiles
# them all. PGO=0 (and any compiler
# other than GCC) builds without.
ifeq ($(origin PGO),undefined)
PGO := $(if $(LTO),1,0)
endif
# The model's objects are compiled at -O3 besides (about 4 % over -O2 on
# the bench set); the testbench's, the sanitized and the unit-test builds
# keep OPT.
MODEL_O3 := -O3
PGO_DIR  := $(BUILD)/pgo
PGO_DATA := $(CURDIR)/$(PGO_DIR)/data
PGO_GEN  := -fprofile-generate -fprofile-update=single -fprofile-dir=$(PGO_DATA)
PGO_OBJ  := $(CM_SRC:%.c=$(PGO_DIR)/gen/%.o) $(PGO_DIR)/gen/cmodel/main.o \
            $(PGO_DIR)/gen/cmodel/cmd_pure.o
MODEL_OBJ := $(CM_OBJ) $(BUILD)/obj/cmodel/main.o $(BUILD)/obj/cmodel/cmd_pure.o
$(MODEL_OBJ): MODEL_OPT := $(MODEL_O3)
ifeq ($(PGO),1)
# the profile of a function never trained leaves it optimized as usual
$(MODEL_OBJ): PGO_USE_FLAGS := -fprofile-use -fprofile-partial-training -Wno-missing-profile \
                               -fprofile-dir=$(PGO_DATA)
$(MODEL_OBJ): $(PGO_DIR)/profile
endif
# An instrumented object takes the name of the object it trains
# (-dumpbase): GCC names the profile by it and keys a static function's
# profile to it. Its warnings are the other build's to give (-w).
$(PGO_DIR)/gen/%.o: %.c | $(DEPS_STAMP) $(GEN)/blocks.inc $(GEN)/plugins.inc
	@mkdir -p $(dir $@)
	@echo "CC [profile] $<"
	@$(CC) $(CPPFLAGS_C) $(CFLAGS_C) $(MODEL_O3) -w $(LTO) $(PGO_GEN) -dumpbase $(BUILD)/obj/$* \
	  -c $< -o $@
# (a version of its own: a commit does not retrain)
$(PGO_DIR)/gen/cmodel/main.o: CPPFLAGS_C += -DGM_VERSION='"training"'
$(PGO_DIR)/gen/gmem: $(PGO_OBJ)
	@echo "LINK $@"
	@$(CC) $(OPT) $(MODEL_O3) $(LTO) $(PGO_GEN) $^ $(LDLIBS_C) -o $@
$(PGO_DIR)/profile: $(PGO_DIR)/gen/gmem scripts/pgo-train.sh
	@echo "TRAIN $<"
	@rm -rf $(PGO_DATA)
	@scripts/pgo-train.sh $<
	@touch $@

$(foreach d,obj san pgo/gen,$(BUILD)/$(d)/cmodel/blocks/registry.o): $(GEN)/blocks.inc
$(foreach d,obj san pgo/gen,$(BUILD)/$(d)/cmodel/sim/plugin.o): $(GEN)/plugins.inc

$(BUILD)/gmem: $(MODEL_OBJ)
	@echo "LINK $@"
	@$(CC) $(OPT) $(MODEL_O3) $(LTO) $^ $(LDLIBS_C) -o $@
$(BUILD)/san/gmem: $(CM_SAN) $(BUILD)/san/cmodel/main.o $(BUILD)/san/cmodel/cmd_pure.o
	@echo "LINK $@"
	@$(CC) $(OPT) $(SAN) $^ $(LDLIBS_C) -o $@

# ---- reference pages printed by gmem itself from the tables the loader
# and the stats writer use, so they cannot drift
# (help_config.sh, help_stats.sh compare them)
docs: $(BUILD)/gmem
	@echo "GEN docs/config.md docs/stats.md"
	@scripts/gen-docs.sh $(BUILD)/gmem docs

# ---- RTL models: one Verilated model per (block, parameter point)
VL_INC    := /usr/share/verilator/include
# --x-initial unique --x-assign unique: each register's start (and each X)
# is chosen when the model is constructed, by the testbench at run time
# (testbench/rtl_init.h): random by default, so a register the RTL forgets
# to reset differs from the C model's after reset; +verilator+rand+reset+0
# gives Verilator's usual zeros. It costs nothing per cycle (the values are
# drawn once, in the constructor).
VL_FLAGS  := --cc --trace -Wall -O3 --x-assign unique --x-initial unique --noassert \
             --unroll-count 65536
CXXFLAGS_VL := -std=gnu++17 -O2 -g -I$(VL_INC) -I$(VL_INC)/vltstd \
               -DVM_TRACE=1 -DVM_TRACE_VCD=1 -DVM_COVERAGE=0 -DVM_SC=0 \
               -faligned-new -Wno-unused-parameter
# The flags every model is verilated with, rewritten only when they change:
# a change re-verilates every model.
$(BUILD)/vl-flags.txt: FORCE
	@mkdir -p $(@D)
	@echo '$(VL_FLAGS)' > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp
# A block's RTL: its own files, rtl/common, and the RTL of the blocks named
# in rtl/<block>/uses (a block built from other blocks, e.g. bpg's shadow_tags).
RTL_USES   = $(if $(wildcard rtl/$(1)/uses),$(shell cat rtl/$(1)/uses))
RTL_SRC    = $(wildcard rtl/$(1)/*.v) $(foreach u,$(call RTL_USES,$(1)),$(wildcard rtl/$(u)/*.v)) \
             $(wildcard rtl/common/*.v)
POINT_FILES := $(sort $(wildcard configs/blocks/*/*.json))
point_id    = $(subst /,__,$(patsubst configs/blocks/%.json,%,$(1)))
POINT_IDS   := $(foreach f,$(POINT_FILES),$(call point_id,$(f)))
VLRT_OBJ    := $(addprefix $(BUILD)/vlrt/,verilated.o verilated_vcd_c.o verilated_threads.o)
TB_C_SRC    := $(sort $(wildcard testbench/*.c testbench/stim/*.c))
TB_C_OBJ    := $(TB_C_SRC:%.c=$(BUILD)/obj/%.o)
STIM_BLOCKS := $(sort $(patsubst testbench/stim/%_stim.c,%,$(wildcard testbench/stim/*_stim.c)))

# Verilator's headers, parsed once into precompiled headers instead of in
# every translation unit that includes them: the ~300 compiles of the
# models' C++ (0.5 s of a small model's 2.5 s) and each point's adapter
# (normal 1.2 s -> 0.4 s, sanitized 1.8 s -> 1.1 s). Each is made with the
# flags of the compiles that use it -- the models' from verilated.mk
# itself, read by a stub makefile that sets what a model's own .mk does --
# and g++ checks that: a .gch made with other flags or macros is ignored,
# the header it stands for read instead, so a stale one costs time, never
# correctness. Order-only: a new one rebuilds nothing.
VL_PCH_H   := verilated.h verilated_vcd_c.h
VL_PCH_MDL := $(BUILD)/vlrt/pch-model/vl_pch.h
VL_PCH_AD  := $(BUILD)/vlrt/pch-adapter/vl_pch.h
VL_PCH_SAN := $(BUILD)/san/vlrt/pch-adapter/vl_pch.h
$(BUILD)/vlrt/%/vl_pch.h: | $(call deps_stamp,rtl)
	@mkdir -p $(@D)
	@printf '#include "%s"\n' $(VL_PCH_H) > $@
$(BUILD)/san/vlrt/%/vl_pch.h: | $(call deps_stamp,rtl)
	@mkdir -p $(@D)
	@printf '#include "%s"\n' $(VL_PCH_H) > $@
$(VL_PCH_MDL).gch: $(VL_PCH_MDL) $(addprefix $(VL_INC)/,$(VL_PCH_H))
	@echo "PCH [models]"
	@printf '%s\n' 'VERILATOR_ROOT = $(patsubst %/include,%,$(VL_INC))' \
	  'VM_SC = 0' 'VM_COVERAGE = 0' 'VM_TIMING = 0' 'VM_TRACE = 1' 'VM_TRACE_VCD = 1' \
	  'VM_TRACE_FST = 0' 'include $$(VERILATOR_ROOT)/include/verilated.mk' \
	  'vl_pch.h.gch: vl_pch.h' \
	  '	$$(CXX) $$(CPPFLAGS) $$(CXXFLAGS) $$(OPT_FAST) -x c++-header $$< -o $$@' > $(@D)/pch.mk
	@$(MAKE) -s -C $(@D) -f pch.mk vl_pch.h.gch CXX="$(CXX)" OPT_FAST="-O2" >/dev/null
$(VL_PCH_AD).gch: $(VL_PCH_AD) $(addprefix $(VL_INC)/,$(VL_PCH_H))
	@echo "PCH [adapters]"
	@$(CXX) $(CXXFLAGS_VL) -x c++-header $< -o $@
$(VL_PCH_SAN).gch: $(VL_PCH_SAN) $(addprefix $(VL_INC)/,$(VL_PCH_H))
	@echo "PCH [adapters, asan,ubsan]"
	@$(CXX) $(CXXFLAGS_VL) $(SAN) -x c++-header $< -o $@

# The models whose C++ takes longest to compile while the tests run them
# least (a few seconds of simulation in all, short block and in-system
# lockstep) are compiled at -O1: half the compile for a few per cent more
# run time where it hardly counts (README "## Tests" has the numbers).
# The models the long tests run (set_hash, part_map, mshr, dlmshr) stay -O2.
VL_O1_POINTS := cta_dispatch__default cta_dispatch__kepler cta_dispatch__maxwell \
                cta_dispatch__pascal cta_remap__lut256 ture_coal__default
vl_opt_fast   = $(if $(filter $(1),$(VL_O1_POINTS)),-O1,-O2)

# $(1) id, $(2) block, $(3) point, $(4) json, $(5) model dir, $(6) adapter object,
# $(7) extra Verilator flags (a deliberately broken variant: +define+GMEM_FAULT_*),
# $(8) the models' OPT_FAST if not vl_opt_fast's
define POINT_RULES
# Resolved parameters, rewritten only when they change: they drive -G.
$(5)/params.txt: $(4) FORCE | $(BUILD)/gmem
	@mkdir -p $$(@D)
	@$(BUILD)/gmem block-params $(2) $(4) --format list > $$@.tmp
	@cmp -s $$@.tmp $$@ || mv $$@.tmp $$@; rm -f $$@.tmp
$(5)/V$(1)__ALL.a: $(5)/params.txt $(BUILD)/vl-flags.txt $(call RTL_SRC,$(2)) \
                  | $(call deps_stamp,rtl) $(VL_PCH_MDL).gch
	@echo "VERILATE $(2) [$(3)] $(7)"
	@rm -f $(5)/*.cpp $(5)/*.h $(5)/*.a
	@verilator $(VL_FLAGS) $(7) --prefix V$(1) --top-module $(2) -Mdir $(5) \
	  $$$$(sed 's/\([A-Z_0-9]*\)=/-G\1=/g' $(5)/params.txt) $(call RTL_SRC,$(2))
	@$$(MAKE) -s -C $(5) -f V$(1).mk V$(1)__ALL.a CXX="$(CXX)" \
	  OPT_FAST="$(or $(8),$(call vl_opt_fast,$(1)))" OPT_SLOW="-O1" OPT_GLOBAL="-O2" \
	  USER_CPPFLAGS="-include $(CURDIR)/$(VL_PCH_MDL)" >/dev/null
# The RTL's ports and state registers against the .ports file. The check
# reads only the ports, the named nets and the memories, which Yosys has
# before `proc`; deleting the processes instead of lowering them (proc's
# muxes add only $$procmux nets) halves the check's time (dlmshr l1d 21 s).
$(5)/ports.ok: $(5)/params.txt $(call RTL_SRC,$(2)) cmodel/blocks/$(2).ports | $(call deps_stamp,rtl)
	@yosys -q -p "read_verilog -sv $(call RTL_SRC,$(2)); \
	  chparam $$$$(sed 's/\([A-Z_0-9]*\)=\([0-9]*\)/-set \1 \2/g' $(5)/params.txt) $(2); \
	  hierarchy -top $(2); delete p:*; write_json $(5)/ports.json"
	@$(BUILD)/gmem check-ports $(2) $(5)/ports.json $(4) >/dev/null
	@touch $$@
$(5).adapter.cpp: $(5)/params.txt
	@{ echo '#include "V$(1).h"'; echo '#include "V$(1)___024root.h"'; \
	   echo '#define GM_VTOP V$(1)'; echo '#define GM_BLOCK $(2)'; \
	   echo '#define GM_PORTS "$(2).ports"'; echo '#define GM_POINT "$(3)"'; \
	   echo "#define GM_POINT_PARAMS \"$$$$(cat $$<)\""; \
	   echo '#define GM_RTL_OPS gm_rtl_$(1)'; echo '#include "rtl_adapter.h"'; } > $$@
# The port check reads the RTL without a variant's +define, so a fault
# variant's point is covered by the normal build's check (not run again).
$(6): $(5).adapter.cpp $(5)/V$(1)__ALL.a $(BUILD)/vl/$(1)/ports.ok testbench/rtl_adapter.h \
      cmodel/blocks/$(2).ports | $(VL_PCH_AD).gch
	@echo "ADAPT $(2) [$(3)]"
	@mkdir -p $$(@D)
	@$(CXX) $(CXXFLAGS_VL) -include $(VL_PCH_AD) -Icmodel -Icmodel/blocks -Itestbench -I$(5) \
	  -c $$< -o $$@
endef
pt_block = $(word 1,$(subst __, ,$(call point_id,$(1))))
pt_name  = $(word 2,$(subst __, ,$(call point_id,$(1))))
$(foreach f,$(POINT_FILES),$(eval $(call POINT_RULES,$(call point_id,$(f)),$(call pt_block,$(f)),$(call pt_name,$(f)),$(f),$(BUILD)/vl/$(call point_id,$(f)),$(BUILD)/obj/rtl_$(call point_id,$(f)).o,)))

$(BUILD)/vlrt/%.o: $(VL_INC)/%.cpp | $(call deps_stamp,rtl)
	@mkdir -p $(@D)
	@echo "CXX $(notdir $<)"
	@$(CXX) $(CXXFLAGS_VL) -c $< -o $@

$(GEN)/rtl_registry.c: FORCE
	@mkdir -p $(GEN)
	@{ echo '#include "rtl_api.h"'; \
	   for p in $(POINT_IDS); do echo "extern const gm_rtl_ops_t gm_rtl_$$p;"; done; \
	   echo 'const gm_rtl_ops_t *const gm_rtl_models[] = {'; \
	   for p in $(POINT_IDS); do echo "    &gm_rtl_$$p,"; done; \
	   echo '    0};'; } > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp
$(GEN)/stims.inc: FORCE
	@mkdir -p $(GEN)
	@printf 'GM_STIM_SET(%s)\n' $(STIM_BLOCKS) > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp
$(BUILD)/obj/testbench/stim_registry.o: $(GEN)/stims.inc
$(BUILD)/obj/testbench/%.o: CPPFLAGS_C += -Itestbench
$(BUILD)/obj/gen/rtl_registry.o: $(GEN)/rtl_registry.c
	@mkdir -p $(@D)
	@$(CC) $(CPPFLAGS_C) -Itestbench $(CFLAGS_C) -c $< -o $@

COSIM_OBJ := $(CM_OBJ) $(BUILD)/obj/cmodel/main.o $(TB_C_OBJ) $(BUILD)/obj/gen/rtl_registry.o \
             $(foreach p,$(POINT_IDS),$(BUILD)/obj/rtl_$(p).o)
COSIM_LIBS := $(foreach p,$(POINT_IDS),$(BUILD)/vl/$(p)/V$(p)__ALL.a)

cosim: $(BUILD)/gmem $(BUILD)/gmem-cosim
$(BUILD)/gmem-cosim: $(COSIM_OBJ) $(COSIM_LIBS) $(VLRT_OBJ)
	@echo "LINK $@"
	@$(CXX) $(OPT) $(LTO) $(COSIM_OBJ) $(COSIM_LIBS) $(VLRT_OBJ) $(LDLIBS_C) -lpthread -o $@

# ---- the sanitized co-simulation, build/san/gmem-cosim: the model, the
# lockstep engine, the stimuli, the port-trace code (C) and every point's
# adapter and Verilator's runtime (C++) built with AddressSanitizer and
# UndefinedBehaviorSanitizer, linked with the Verilated models of the
# normal build (generated code, not ours: built once). make test runs a
# short block and in-system lockstep with it (tests/system/lockstep_san.sh).
SAN_TB_OBJ  := $(TB_C_SRC:%.c=$(BUILD)/san/%.o)
SAN_ADAPT   := $(foreach p,$(POINT_IDS),$(BUILD)/san/obj/rtl_$(p).o)
SAN_VLRT    := $(addprefix $(BUILD)/san/vlrt/,verilated.o verilated_vcd_c.o verilated_threads.o)
SAN_COSIM_OBJ := $(CM_SAN) $(BUILD)/san/cmodel/main.o $(SAN_TB_OBJ) \
                 $(BUILD)/san/gen/rtl_registry.o $(SAN_ADAPT)
$(BUILD)/san/testbench/%.o: CPPFLAGS_C += -Itestbench
$(BUILD)/san/testbench/stim_registry.o: $(GEN)/stims.inc
$(BUILD)/san/gen/rtl_registry.o: $(GEN)/rtl_registry.c
	@mkdir -p $(@D)
	@$(CC) $(CPPFLAGS_C) -Itestbench $(CFLAGS_C) $(SAN) -c $< -o $@
# A point's adapter: the normal object's prerequisites (its Verilated model,
# the port check) made first, then the same source sanitized.
$(BUILD)/san/obj/rtl_%.o: $(BUILD)/obj/rtl_%.o | $(VL_PCH_SAN).gch
	@echo "ADAPT [asan,ubsan] $*"
	@mkdir -p $(@D)
	@$(CXX) $(CXXFLAGS_VL) $(SAN) -include $(VL_PCH_SAN) -Icmodel -Icmodel/blocks -Itestbench \
	  -I$(BUILD)/vl/$* -c $(BUILD)/vl/$*.adapter.cpp -o $@
$(BUILD)/san/vlrt/%.o: $(VL_INC)/%.cpp | $(call deps_stamp,rtl)
	@mkdir -p $(@D)
	@echo "CXX [asan,ubsan] $(notdir $<)"
	@$(CXX) $(CXXFLAGS_VL) $(SAN) -c $< -o $@
$(BUILD)/san/gmem-cosim: $(SAN_COSIM_OBJ) $(COSIM_LIBS) $(SAN_VLRT)
	@echo "LINK $@"
	@$(CXX) $(OPT) $(SAN) $(SAN_COSIM_OBJ) $(COSIM_LIBS) $(SAN_VLRT) $(LDLIBS_C) -lpthread -o $@

# ---- a deliberately broken RTL variant, to show the lockstep catching it:
# `make cosim-fault FAULT=mshr` re-verilates that block's points with
# +define+GMEM_FAULT_MSHR and links build/fault-mshr/gmem-cosim. A block's
# second fault is named BLOCK-WHAT: FAULT=dlmshr-reset defines
# GMEM_FAULT_DLMSHR_RESET in the dlmshr (block names hold no '-').
# Only the faulted block's points are built again (in the variant's own
# directory); every other object, model and Verilator's runtime are the
# normal build's. The rules are a template, so one make can build several
# variants side by side (make test builds TEST_FAULTS in its parallel build).
# A variant's models are compiled at -O1: the tests run them only until
# the lockstep catches the fault (README "## Tests" has the numbers).
FAULT_OPT := -O1
# $(1) the fault name
define FAULT_RULES
FDIR_$(1)        := $(BUILD)/fault-$(1)
FAULT_BLOCK_$(1) := $$(firstword $$(subst -, ,$(1)))
FAULT_DEF_$(1)   := +define+GMEM_FAULT_$$(shell echo $(1) | tr a-z- A-Z_)
FAULT_FILES_$(1) := $$(filter configs/blocks/$$(FAULT_BLOCK_$(1))/%,$$(POINT_FILES))
ifeq ($$(FAULT_FILES_$(1)),)
$$(error FAULT=$(1): no block $$(FAULT_BLOCK_$(1)) with parameter points)
endif
FAULT_IDS_$(1)   := $$(foreach f,$$(FAULT_FILES_$(1)),$$(call point_id,$$(f)))
$$(foreach f,$$(FAULT_FILES_$(1)),$$(eval $$(call POINT_RULES,$$(call point_id,$$(f)),$$(call pt_block,$$(f)),$$(call pt_name,$$(f)),$$(f),$$(FDIR_$(1))/vl/$$(call point_id,$$(f)),$$(FDIR_$(1))/obj/rtl_$$(call point_id,$$(f)).o,$$(FAULT_DEF_$(1)),$$(FAULT_OPT))))
FAULT_OBJ_$(1)  := $$(filter-out $$(foreach p,$$(FAULT_IDS_$(1)),$(BUILD)/obj/rtl_$$(p).o),$$(COSIM_OBJ)) \
                   $$(foreach p,$$(FAULT_IDS_$(1)),$$(FDIR_$(1))/obj/rtl_$$(p).o)
FAULT_LIBS_$(1) := $$(filter-out $$(foreach p,$$(FAULT_IDS_$(1)),$(BUILD)/vl/$$(p)/V$$(p)__ALL.a),$$(COSIM_LIBS)) \
                   $$(foreach p,$$(FAULT_IDS_$(1)),$$(FDIR_$(1))/vl/$$(p)/V$$(p)__ALL.a)
$$(FDIR_$(1))/gmem-cosim: $$(FAULT_OBJ_$(1)) $$(FAULT_LIBS_$(1)) $$(VLRT_OBJ)
	@echo "LINK $$@"
	@$$(CXX) $$(OPT) $$(LTO) $$(FAULT_OBJ_$(1)) $$(FAULT_LIBS_$(1)) $$(VLRT_OBJ) $$(LDLIBS_C) -lpthread -o $$@
endef
# The variants make test builds and its tests run (tests/system/fault_rtl.sh,
# reset_random.sh).
TEST_FAULTS := mshr dlmshr dlmshr-reset
$(foreach f,$(sort $(TEST_FAULTS) $(FAULT)),$(eval $(call FAULT_RULES,$(f))))
ifneq ($(FAULT),)
cosim-fault: $(BUILD)/fault-$(FAULT)/gmem-cosim
else
cosim-fault:
	@echo "usage: make cosim-fault FAULT=<block>" >&2; exit 2
endif
.PHONY: cosim-fault

# ---- lint: every RTL model at every parameter point, both tools
lint: $(foreach p,$(POINT_IDS),$(BUILD)/vl/$(p)/lint.ok)
$(BUILD)/vl/%/lint.ok: $(BUILD)/vl/%/params.txt $(BUILD)/vl/%/ports.ok
	@b=$$(echo $* | sed 's/__.*//'); \
	 verilator --lint-only -Wall --unroll-count 65536 --top-module $$b \
	   $$(sed 's/\([A-Z_0-9]*\)=/-G\1=/g' $<) rtl/$$b/*.v \
	   $$(for u in $$(cat rtl/$$b/uses 2>/dev/null); do echo rtl/$$u/*.v; done) \
	   $(wildcard rtl/common/*.v) && \
	 echo "lint $* ok" && touch $@

# ---- fuzzing: libFuzzer harnesses (tests/fuzz/<name>.c, seed corpora in
# tests/fuzz/<name>/) built with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer (the model's sources without -Werror: gcc's
# build holds them to it). `make fuzz [FUZZ_SECONDS=N]` runs each for N
# seconds (default 60), one after another; `make test` runs a short smoke
# of them all (tests/system/fuzz.sh).
FUZZ_CC      := clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_NAMES   := $(sort $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/*.c)))
FUZZ_BIN     := $(FUZZ_NAMES:%=$(BUILD)/fuzz/bin/%)
FUZZ_OBJ     := $(patsubst %.c,$(BUILD)/fuzz/obj/%.o,$(CM_SRC) testbench/porttrace.c)
$(BUILD)/fuzz/obj/%.o: %.c | $(call deps_stamp,fuzz) $(GEN)/blocks.inc $(GEN)/plugins.inc
	@mkdir -p $(@D)
	@echo "CC [fuzz] $<"
	@$(FUZZ_CC) $(CPPFLAGS_C) -Itestbench $(CSTD) -Wall -Wextra -O1 -g -MMD -MP \
	  -fsanitize=fuzzer-no-link $(FUZZ_FLAGS) -c $< -o $@
$(BUILD)/fuzz/obj/cmodel/blocks/registry.o: $(GEN)/blocks.inc
$(BUILD)/fuzz/obj/cmodel/sim/plugin.o: $(GEN)/plugins.inc
$(BUILD)/fuzz/bin/%: tests/fuzz/%.c tests/fuzz/fuzz.h $(FUZZ_OBJ) | $(call deps_stamp,fuzz)
	@mkdir -p $(@D)
	@echo "FUZZER $@"
	@$(FUZZ_CC) $(CPPFLAGS_C) -Itestbench $(CSTD) $(WARN) -O1 -g -fsanitize=fuzzer $(FUZZ_FLAGS) \
	  $< $(FUZZ_OBJ) $(LDLIBS_C) -o $@
.SECONDARY: $(FUZZ_OBJ)
fuzz-build: $(FUZZ_BIN)
fuzz: $(FUZZ_BIN)
	@scripts/fuzz.sh $(FUZZ_SECONDS) $(FUZZ_NAMES)
.PHONY: fuzz fuzz-build
# ---- end of fuzzing

# ---- tests: unit tests (cmocka, sanitized), CLI and cosim scripts
UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/san/tests/%)
$(BUILD)/san/tests/%: tests/unit/%.c $(CM_SAN) | $(call deps_stamp,unit)
	@mkdir -p $(@D)
	@echo "TEST $@"
	@$(CC) $(CPPFLAGS_C) $(CFLAGS_C) $(SAN) $< $(CM_SAN) $(LDLIBS_C) -lcmocka -o $@

# make test: the packages first (checked while the Makefile is read, one
# apt-get at a time), then everything the tests run, built by one make
# with a job per core (a make -jN of the caller's is kept instead): the
# objects, the Verilated models (their own makes share the job slots), the
# sanitized and fuzzing builds and the fault variants build side by side;
# then the tests, two at a time (scripts/run-tests.sh).
TEST_BUILD := $(BUILD)/gmem $(BUILD)/san/gmem $(BUILD)/gmem-cosim $(UNIT_BIN) \
              $(BUILD)/san/gmem-cosim $(FUZZ_BIN) \
              $(foreach f,$(TEST_FAULTS),$(BUILD)/fault-$(f)/gmem-cosim)
TEST_JOBS   = $(if $(filter -j% --jobserver%,$(MAKEFLAGS)),,-j$(shell nproc 2>/dev/null || echo 2))
test: $(foreach d,$(DEPS_GOAL_test),$(call deps_stamp,$(d)))
	@$(MAKE) --no-print-directory $(TEST_JOBS) test-build
	@scripts/run-tests.sh
test-build: $(TEST_BUILD)
.PHONY: test-build

# ---- the lockstep soak (not part of make test): every block at every
# parameter point for SOAK_CYCLES cycles (other points SOAK_OTHER_CYCLES),
# and the in-system --rtl all lockstep on every shipped config for
# SOAK_SYS_CYCLES core cycles, fresh seeds, SOAK_JOBS at a time; prints a
# table (scripts/soak.sh says every knob).
SOAK_CYCLES ?= 1000000
soak: $(DEPS_STAMP) $(call deps_stamp,rtl) $(BUILD)/gmem $(BUILD)/gmem-cosim
	@SOAK_CYCLES=$(SOAK_CYCLES) scripts/soak.sh
.PHONY: soak

# ---- the main job and the costing flow
run: $(DEPS_STAMP) $(BUILD)/gmem
	@scripts/run-main.sh

bench: $(DEPS_STAMP) $(call deps_stamp,rtl) $(BUILD)/gmem $(BUILD)/gmem-cosim
	@scripts/bench.sh

# Parameter points are costed SYNTH_JOBS at a time (niced), the longest
# (by the last run's synth/out) first, so the slots end together.
SYNTH_JOBS  ?= 2
synth: $(DEPS_STAMP) $(call deps_stamp,synth) $(BUILD)/gmem
	@GMEM=$(BUILD)/gmem SYNTH_JOBS=$(SYNTH_JOBS) nice synth/run.sh $(BLOCKS) && synth/summary.sh

# ---- the seeds' figures (experiments/, results/): every figure, or
# `make reproduce REPRODUCE="fig2 --jobs 2"` (scripts/reproduce --help)
reproduce: $(foreach d,$(DEPS_GOAL_reproduce),$(call deps_stamp,$(d))) $(BUILD)/gmem
	@scripts/reproduce $(REPRODUCE)

clean:
	rm -rf $(BUILD)

# ---- the goals a user runs, a line each (README "Set up and run")
help:
	@echo 'make              build/gmem: the pure-C model (a C compiler, libcjson, liblzma);'
	@echo '                   with GCC profile-guided (PGO=0: without)'
	@echo 'make run          install what is missing, build, run the main job (mechanisms off and on)'
	@echo 'make test         the whole test suite; ends "N passed, N failed"'
	@echo 'make cosim        build/gmem-cosim: the same CLI with every Verilated RTL model'
	@echo 'make cosim-fault FAULT=NAME   build/fault-NAME/gmem-cosim: a deliberately broken RTL'
	@echo 'make lint         Verilator -Wall and the port check, every block at every point'
	@echo 'make synth        the cost report (Yosys, OpenSTA)'
	@echo 'make bench        speed: pure C and --rtl all (scripts/bench.sh --help)'
	@echo 'make soak         long random lockstep of every block and the system (scripts/soak.sh --help)'
	@echo "make reproduce    the seeds' figures into results/ (scripts/reproduce --help)"
	@echo 'make fuzz         the libFuzzer harnesses (FUZZ_SECONDS=N each)'
	@echo 'make docs         docs/config.md and docs/stats.md from the build'
	@echo 'make deps         install every Debian package any goal needs'
	@echo 'make clean        remove build/'

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
