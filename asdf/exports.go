package asdf

// The exported symbols of UIOP, ASDF and QUICKLISP-CLIENT, made when an
// image is created. Functions and macros are autoload stubs until the Lisp
// code is evaluated; the test checks that it defines each one.

var uiopExports = exports{
	functions: `absolute-pathname-p architecture argv0 base-string-p call-function call-functions
call-with-fatal-condition-handler call-with-input call-with-input-file call-with-muffled-conditions
call-with-output call-with-output-file coerce-class command-line-arguments copy-stream-to-stream
default-temporary-directory delete-file-if-exists detect-os die directory* directory-exists-p
directory-files directory-pathname-p earlier-timestamp emptyp ensure-absolute-pathname
ensure-directory-pathname ensure-function ensure-gethash ensure-list ensure-package ensure-pathname
eval-input eval-thunk export* fatal-condition-p featurep file-exists-p file-pathname-p find-package*
find-standard-case-symbol find-symbol* first-char frob-substrings getcwd getenv getenvp
handle-fatal-condition hostname implementation-identifier implementation-type intern* last-char
later-timestamp launch-program lexicographic< lisp-implementation-directory
lisp-implementation-pathname-p lisp-version-string list-to-hash-set match-any-condition-p
match-condition-p merge-pathnames* native-namestring not-implemented-error operating-system
os-genera-p os-haiku-p os-macosx-p os-mezzano-p os-oldmac-p os-unix-p os-windows-p parameter-error
parse-define-package-form parse-native-namestring parse-unix-namestring parse-version
pathname-directory-pathname pathname-parent-directory-pathname physicalize-pathname print-backtrace
print-condition-backtrace println probe-file* quit raw-command-line-arguments read-file-form
read-file-forms read-file-line read-file-lines read-file-string reduce/strcat
register-image-dump-hook register-image-restore-hook relative-pathname-p remove-plist-key
remove-plist-keys rename-file-overwriting-target resolve-symlinks resolve-symlinks* run-program
run-shell-command safe-read-file-form safe-read-file-line safe-read-from-string slurp-stream-form
slurp-stream-forms slurp-stream-line slurp-stream-lines slurp-stream-string split-name-type
split-string standard-case-symbol-name standard-eval-thunk strcat string-designator-p
string-enclosed-p string-prefix-p string-suffix-p stripln style-warn subdirectories subpathname
subpathname* symbol-call symbol-package-name temporary-directory timestamp< timestamp<= truenamize
unintern* unix-namestring unparse-version user-homedir version-compatible-p version< version<=
writeln xdg-cache-home xdg-config-home xdg-data-home nil-pathname
subprocess-error-code subprocess-error-command subprocess-error-process`,
	macros: `with-gensyms if-let nest while-collecting uiop-debug define-package with-muffled-conditions
with-current-directory with-safe-io-syntax with-output-file with-input-file with-output with-input
with-fatal-condition-handler with-upgradability with-deprecation`,
	variables: `*command-line-arguments* *uninteresting-conditions* *stdin* *stdout* *stderr*
*image-dumped-p* *image-restore-hook* *image-prelude* *image-entry-point* *fatal-conditions*
*nil-pathname*`,
	others: `subprocess-error`,
}

var asdfExports = exports{
	functions: `already-loaded-systems apply-output-translations asdf-version clear-configuration
clear-output-translations clear-source-registry clear-system coerce-name compile-file* compile-system
component-depends-on component-external-format component-find-path component-load-dependencies
component-loaded-p component-pathname component-property component-relative-pathname
component-system disable-output-translations ensure-output-translations ensure-source-registry
explain find-component find-operation find-system initialize-output-translations
initialize-source-registry input-files load* load-asd load-source load-system load-systems
load-systems* locate-system make make-operation map-systems module-components module-provide-asdf
oos operate operation-done-p output-files perform perform-with-restarts primary-system-name
register-immutable-system register-preloaded-system register-system-packages registered-system
registered-systems registered-systems* require-system search-for-system-definition
source-file-type system-definition-pathname system-description system-license system-long-description system-registered-p
system-relative-pathname system-source-directory system-version test-system upgrade-asdf
version-satisfies
component-name component-parent component-version component-description
component-long-description component-sideway-dependencies component-in-order-to
component-if-feature component-properties component-encoding component-children
module-default-component-class system-author system-maintainer system-licence system-homepage
system-bug-tracker system-mailto system-long-name system-source-control system-source-file
system-defsystem-depends-on system-depends-on system-weakly-depends-on component-entry-point
missing-requires missing-parent missing-version missing-required-by error-component
error-operation error-name error-pathname error-condition`,
	macros: `defsystem`,
	variables: `*compile-file-warnings-behaviour* *compile-file-failure-behaviour* *asdf-verbose*
*verbose-out* *system-definition-search-functions* *default-source-registries* *user-cache*`,
	others: `*central-registry* component child-component parent-component module source-file
cl-source-file cl-source-file.cl cl-source-file.lsp c-source-file java-source-file static-file
doc-file html-file system package-inferred-system package-system operation downward-operation
upward-operation sideway-operation selfward-operation non-propagating-operation basic-load-op
basic-compile-op prepare-op load-op compile-op load-source-op prepare-source-op test-op program-op
image-op monolithic-op system-definition-error formatted-system-definition-error
load-system-definition-error missing-component missing-component-of-version missing-dependency
missing-dependency-of-version operation-error compile-error compile-failed compile-warned
circular-dependency`,
}

var qlExports = exports{
	functions: `add-to-init-file list-local-systems quickload register-local-projects setup
system-apropos system-apropos-list uninstall update-all-dists update-client update-dist
where-is-system system-not-found-name`,
	others: `*local-project-directories* system-not-found`,
}
