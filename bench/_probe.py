import sys
sys.path.insert(0, '.')
import libcst as cst
from jaxcheck.analysis.facts import ModuleFacts
