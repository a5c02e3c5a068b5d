import platform

from setuptools import Extension, setup

FLAGS = ["-O2", "-ffp-contract=off"]
# the core counts cards with popcount all the time: without -mpopcnt x86-64 compilers call a slow
# software routine (every x86-64 processor since 2008 has the instruction)
CORE_FLAGS = ["-O3", *(["-mpopcnt"] if platform.machine().lower() in ("x86_64", "amd64") else [])]
setup(ext_modules=[Extension("heartspec_accel", ["heartspec_accel.c"], extra_compile_args=FLAGS),
                   Extension("heartspec_core", ["heartspec_core.c"], extra_compile_args=CORE_FLAGS,
                             depends=["heartspec_core_game.h", "heartspec_core_sim.h", "heartspec_core_bots.h",
                                      "heartspec_core_simulate.h"])])
