;;;; golem prelude: standard macros written in Lisp. Read in package GOLEM
;;;; with the COMMON-LISP lock lifted; every form must be cheap to compile,
;;;; since each new interpreter loads this file.

(defmacro when (test &body body) `(if ,test (progn ,@body) nil))
(defmacro unless (test &body body) `(if ,test nil (progn ,@body)))

(defmacro cond (&rest clauses)
  (if (null clauses)
      nil
      (let ((clause (car clauses)))
        (if (not (consp clause))
            (error 'simple-program-error :format-control "malformed COND clause: ~S" :format-arguments (list clause)))
        (if (null (cdr clause))
            (let ((g (gensym)))
              `(let ((,g ,(car clause)))
                 (if ,g ,g (cond ,@(cdr clauses)))))
            `(if ,(car clause)
                 (progn ,@(cdr clause))
                 ,(if (cdr clauses) `(cond ,@(cdr clauses)) nil))))))

(defmacro and (&rest forms)
  (cond ((null forms) t)
        ((null (cdr forms)) (car forms))
        (t `(if ,(car forms) (and ,@(cdr forms)) nil))))

(defmacro or (&rest forms)
  (cond ((null forms) nil)
        ((null (cdr forms)) (car forms))
        (t (let ((g (gensym)))
             `(let ((,g ,(car forms)))
                (if ,g ,g (or ,@(cdr forms))))))))

(defmacro return (&optional value) `(return-from nil ,value))

(defmacro prog1 (first &body body)
  (let ((g (gensym)))
    `(let ((,g ,first)) ,@body ,g)))

(defmacro prog2 (first second &body body)
  `(progn ,first (prog1 ,second ,@body)))

(defmacro prog (bindings &body body)
  (multiple-value-bind (decls forms) (%parse-decls body)
    `(block nil (let ,bindings ,@decls (tagbody ,@forms)))))

(defmacro prog* (bindings &body body)
  (multiple-value-bind (decls forms) (%parse-decls body)
    `(block nil (let* ,bindings ,@decls (tagbody ,@forms)))))

(defmacro dolist ((var list &optional result) &body body)
  (multiple-value-bind (decls forms) (%parse-decls body)
    (let ((tail (gensym "TAIL")))
      `(block nil
         (let ((,tail ,list))
           (tagbody
            start
              (if (endp ,tail) (go end))
              (let ((,var (car ,tail)))
                (declare (ignorable ,var))
                ,@decls
                (tagbody ,@forms))
              (setq ,tail (cdr ,tail))
              (go start)
            end)
           (let ((,var nil))
             (declare (ignorable ,var))
             ,@decls
             ,result))))))

(defmacro dotimes ((var count &optional result) &body body)
  (multiple-value-bind (decls forms) (%parse-decls body)
    (let ((limit (gensym "LIMIT")))
      `(block nil
         (let ((,limit ,count) (,var 0))
           ,@decls
           (tagbody
            start
              (if (>= ,var ,limit) (go end))
              (tagbody ,@forms)
              (setq ,var (1+ ,var))
              (go start)
            end)
           ,result)))))

(defmacro push (item place &environment env)
  (if (and (symbolp place) (eq (macroexpand-1 place env) place))
      `(setq ,place (cons ,item ,place))
      (let ((g (gensym)))
        (multiple-value-bind (vars vals stores store access) (get-setf-expansion place env)
          `(let* ((,g ,item) ,@(mapcar #'list vars vals))
             (let ((,(car stores) (cons ,g ,access)))
               ,store))))))

(defun %psetq-pairs (pairs lets sets)
  (if (null pairs)
      (values (nreverse lets) (nreverse sets))
      (let ((g (gensym)))
        (%psetq-pairs (cddr pairs) (cons (list g (cadr pairs)) lets) (cons g (cons (car pairs) sets))))))

(defun %any-symbol-macro-p (vars env pairs)
  ;; True when one of VARS (every other element when PAIRS) names a
  ;; symbol macro in ENV.
  (cond ((atom vars) nil)
        ((and (symbolp (car vars)) (not (eq (macroexpand-1 (car vars) env) (car vars)))) t)
        (t (%any-symbol-macro-p (if pairs (cddr vars) (cdr vars)) env pairs))))

(defmacro psetq (&rest pairs &environment env)
  ;; A variable that names a symbol macro is a place: PSETF then.
  (if (%any-symbol-macro-p pairs env t)
      `(psetf ,@pairs)
      (multiple-value-bind (lets sets) (%psetq-pairs pairs nil nil)
        `(let ,lets (setq ,@sets) nil))))

(defun %do-expand (bindings test-and-result body sequential)
  (multiple-value-bind (decls forms) (%parse-decls body)
    (let ((vars nil) (steps nil))
      (dolist (b bindings)
        (if (symbolp b)
            (push (list b nil) vars)
            (progn
              (push (list (car b) (if (cdr b) (cadr b) nil)) vars)
              (if (cddr b) (progn (push (car b) steps) (push (caddr b) steps))))))
      (setq vars (nreverse vars) steps (nreverse steps))
      `(block nil
         (,(if sequential 'let* 'let) ,vars
           ,@decls
           (tagbody
            start
              (if ,(car test-and-result) (go end))
              (tagbody ,@forms)
              (,(if sequential 'setq 'psetq) ,@steps)
              (go start)
            end)
           (return-from nil (progn ,@(cdr test-and-result))))))))

(defmacro do (bindings test-and-result &body body)
  (%do-expand bindings test-and-result body nil))

(defmacro do* (bindings test-and-result &body body)
  (%do-expand bindings test-and-result body t))

(defmacro multiple-value-list (form) `(multiple-value-call #'list ,form))

(defmacro multiple-value-setq (vars form &environment env)
  (let ((temps (mapcar #'(lambda (v) (declare (ignore v)) (gensym)) vars)))
    (cond ((null vars) `(values ,form))
          ;; A variable that names a symbol macro is a place, whose
          ;; subforms run before FORM (CLHS MULTIPLE-VALUE-SETQ).
          ((%any-symbol-macro-p vars env nil)
           `(values (setf (values ,@vars) ,form)))
          (t
           `(multiple-value-bind ,temps ,form
              (setq ,@(mapcan #'list vars temps))
              ,(car temps))))))

(defmacro nth-value (n form) `(nth ,n (multiple-value-list ,form)))

;;; Generalized references.

(defmacro setf (&rest pairs &environment env)
  (cond ((null pairs) nil)
        ((null (cdr pairs)) (error 'simple-program-error :format-control "odd number of arguments to SETF"))
        ((cddr pairs)
         (let ((forms nil))
           (do ((p pairs (cddr p))) ((null p))
             (push `(setf ,(car p) ,(cadr p)) forms))
           `(progn ,@(nreverse forms))))
        (t
         (let ((place (car pairs)) (value (cadr pairs)))
           (if (and (symbolp place) (eq (macroexpand-1 place env) place))
               `(setq ,place ,value)
               (multiple-value-bind (vars vals stores store access) (get-setf-expansion place env)
                 (declare (ignore access))
                 (%bind-setf vars vals
                             (if (or (null stores) (cdr stores))
                                 `(multiple-value-bind ,stores ,value ,store)
                                 `(let ((,(car stores) ,value)) ,store)))))))))

(defun %bind-setf (vars vals body)
  (if vars
      `(let* ,(mapcar #'list vars vals) ,body)
      body))

(defmacro psetf (&rest pairs &environment env)
  ;; Each place's subforms and then its value form run left to right
  ;; (CLHS 5.1.1.1); the stores run after all of them.
  (let ((frames nil) (stores nil))
    (do ((p pairs (cddr p))) ((null p))
      (if (null (cdr p))
          (error 'simple-program-error :format-control "odd number of arguments to PSETF"))
      (multiple-value-bind (vars vals svars store access) (get-setf-expansion (car p) env)
        (declare (ignore access))
        (push (list vars vals svars (cadr p)) frames)
        (push store stores)))
    (let ((body `(progn ,@(nreverse stores) nil)))
      (dolist (f frames body)
        (setq body (%bind-setf (first f) (second f)
                               (if (and (third f) (null (cdr (third f))))
                                   `(let ((,(car (third f)) ,(fourth f))) ,body)
                                   `(multiple-value-bind ,(third f) ,(fourth f) ,body))))))))

(defmacro shiftf (&rest args &environment env)
  (let* ((places (butlast args)) (newval (car (last args)))
         (binds nil) (svars nil) (stores nil) (accesses nil))
    (dolist (p places)
      (multiple-value-bind (vars vals sv store access) (get-setf-expansion p env)
        (setq binds (append binds (mapcar #'list vars vals)))
        (push sv svars) (push store stores) (push access accesses)))
    (setq svars (nreverse svars) stores (nreverse stores) accesses (nreverse accesses))
    (let ((first (gensym)))
      (let ((body `(progn ,@stores)))
        (do ((s (reverse svars) (cdr s))
             (vals (reverse (append (cdr accesses) (list newval))) (cdr vals)))
            ((null s))
          (setq body `(multiple-value-bind ,(car s) ,(car vals) ,body)))
        `(let* ,binds
           (let ((,first ,(car accesses)))
             ,body
             ,first))))))

(defmacro rotatef (&rest places &environment env)
  (if (null places)
      nil
      (let ((binds nil) (svars nil) (stores nil) (accesses nil))
        (dolist (p places)
          (multiple-value-bind (vars vals sv store access) (get-setf-expansion p env)
            (setq binds (append binds (mapcar #'list vars vals)))
            (push sv svars) (push store stores) (push access accesses)))
        (setq svars (nreverse svars) stores (nreverse stores) accesses (nreverse accesses))
        (let ((body `(progn ,@stores nil)))
          (do ((s (reverse svars) (cdr s))
               (vals (reverse (append (cdr accesses) (list (car accesses)))) (cdr vals)))
              ((null s))
            (setq body `(multiple-value-bind ,(car s) ,(car vals) ,body)))
          `(let* ,binds ,body)))))

(defun %modify-macro-form (function vars vals stores store access arg-forms)
  ;; The expansion of a modify macro: the place's subforms, then the
  ;; arguments (CLHS 5.1.1.1), and only then the place is read, so an
  ;; argument that assigns the place is seen, as in SBCL. Arguments that
  ;; cannot have effects (atoms, QUOTE forms) are used in place, so
  ;; (INCF X) stays a plain SETQ of (+ X 1).
  (let ((binds (mapcar #'list vars vals)) (args '()))
    (dolist (a arg-forms)
      (if (or (atom a) (eq (car a) 'quote))
          (push a args)
          (let ((g (gensym "ARG")))
            (setq binds (append binds (list (list g a))))
            (push g args))))
    (list 'let* binds
          (list 'let (list (list (car stores) (list* function access (reverse args))))
                store))))

(defmacro define-modify-macro (name lambda-list function &optional doc)
  (declare (ignore doc))
  (let ((place (gensym "PLACE")) (env (gensym "ENV"))
        (args (mapcan #'(lambda (x)
                          (cond ((member x '(&optional &key &aux)) nil)
                                ((eq x '&rest) (list '&rest))
                                ((consp x) (list (car x)))
                                (t (list x))))
                      lambda-list)))
    (let ((rest-pos (position '&rest args)))
      `(defmacro ,name (,place ,@lambda-list &environment ,env)
         (multiple-value-bind (vars vals stores store access) (get-setf-expansion ,place ,env)
           (%modify-macro-form ',function vars vals stores store access
                               ,(if rest-pos
                                    `(list* ,@(subseq args 0 rest-pos) ,(nth (1+ rest-pos) args))
                                    `(list ,@args))))))))

(define-modify-macro incf (&optional (delta 1)) +)
(define-modify-macro decf (&optional (delta 1)) -)

(defmacro pushnew (item place &rest keys &environment env)
  (let ((g (gensym)))
    (multiple-value-bind (vars vals stores store access) (get-setf-expansion place env)
      `(let* ((,g ,item) ,@(mapcar #'list vars vals))
         (let ((,(car stores) (adjoin ,g ,access ,@keys)))
           ,store)))))

(defmacro pop (place &environment env)
  (multiple-value-bind (vars vals stores store access) (get-setf-expansion place env)
    (let ((g (gensym)))
      `(let* (,@(mapcar #'list vars vals) (,g ,access))
         (prog1 (car ,g)
           (let ((,(car stores) (cdr ,g)))
             ,store))))))

(defmacro remf (place indicator &environment env)
  (multiple-value-bind (vars vals stores store access) (get-setf-expansion place env)
    (let ((ind (gensym)) (found (gensym)) (new (gensym)))
      `(let* (,@(mapcar #'list vars vals) (,ind ,indicator))
         (multiple-value-bind (,new ,found) (%remf ,access ,ind)
           (let ((,(car stores) ,new))
             ,store)
           ,found)))))

;; %setf-env-split returns LAMBDA-LIST without its &ENVIRONMENT var, and that var.
(defun %setf-env-split (ll)
  (let ((pos (position '&environment ll)))
    (if pos
        (values (append (subseq ll 0 pos) (nthcdr (+ pos 2) ll)) (nth (1+ pos) ll))
        (values ll nil))))

(defmacro defsetf (access-fn &rest rest)
  (if (and rest (listp (car rest)))
      ;; long form: (defsetf name lambda-list (store-var*) [doc] decl* body...);
      ;; the body is in a block named ACCESS-FN (CLHS 5.1.2.9).
      (multiple-value-bind (lambda-list envp) (%setf-env-split (car rest))
        (multiple-value-bind (decls body doc) (%parse-decls (cddr rest) t)
          (let ((store-vars (cadr rest)) (form (gensym "FORM")) (env (gensym "ENV")))
            `(progn
               (%set-setf-expander ',access-fn
                 #'(lambda (,form ,env)
                     (declare (ignorable ,env))
                     (let* ((args (cdr ,form))
                            (temps (mapcar #'(lambda (a) (declare (ignore a)) (gensym)) args))
                            (stores (mapcar #'(lambda (s) (declare (ignore s)) (gensym)) ',store-vars)))
                       (values temps args stores
                               (apply #'(lambda (,@store-vars ,@lambda-list)
                                          ,@decls
                                          (let (,@(if envp `((,envp ,env))))
                                            (block ,access-fn ,@body)))
                                      (append stores temps))
                               (cons ',access-fn temps)))))
               ,@(if doc `((%set-documentation ',access-fn 'setf ,doc)))
               ',access-fn))))
      ;; short form: (defsetf name update-fn [doc])
      (let ((update (car rest)) (doc (cadr rest)) (form (gensym "FORM")) (env (gensym "ENV")))
        `(progn
           (%set-setf-expander ',access-fn
             #'(lambda (,form ,env)
                 (declare (ignore ,env))
                 (let* ((args (cdr ,form))
                        (temps (mapcar #'(lambda (a) (declare (ignore a)) (gensym)) args))
                        (store (gensym)))
                   (values temps args (list store)
                           (append (list ',update) temps (list store))
                           (cons ',access-fn temps)))))
           ,@(if (stringp doc) `((%set-documentation ',access-fn 'setf ,doc)))
           ',access-fn))))

(defmacro define-setf-expander (access-fn lambda-list &body body)
  ;; The body is in a block named ACCESS-FN (CLHS DEFINE-SETF-EXPANDER).
  (multiple-value-bind (ll envp) (%setf-env-split lambda-list)
    (multiple-value-bind (decls forms doc) (%parse-decls body t)
      (let ((form (gensym "FORM")) (env-var (gensym "ENV")))
        `(progn
           (%set-setf-expander ',access-fn
             #'(lambda (,form ,env-var)
                 (declare (ignorable ,env-var))
                 (let (,@(if envp `((,envp ,env-var))))
                   (destructuring-bind ,ll (cdr ,form)
                     ,@decls
                     (block ,access-fn ,@forms)))))
           ,@(if doc `((%set-documentation ',access-fn 'setf ,doc)))
           ',access-fn)))))

;;; Case and typecase.

(defun %case-test (key keys)
  (cond ((member keys '(t otherwise)) t)
        ((listp keys) `(member ,key ',keys))
        (t `(eql ,key ',keys))))

(defmacro case (keyform &rest clauses)
  (let ((key (gensym "KEY")))
    `(let ((,key ,keyform))
       (declare (ignorable ,key))
       (cond ,@(mapcar #'(lambda (c) `(,(%case-test key (car c)) nil ,@(cdr c))) clauses)))))

(defun %all-keys (clauses)
  (mapcan #'(lambda (c) (if (listp (car c)) (copy-list (car c)) (list (car c)))) clauses))

(defun %exhaustive-case-clauses (clauses)
  ;; ECASE and CCASE have no otherwise clause: a key T or OTHERWISE
  ;; stands for that symbol.
  (mapcar #'(lambda (c) (if (member (car c) '(t otherwise)) (cons (list (car c)) (cdr c)) c))
          clauses))

(defmacro ecase (keyform &rest clauses)
  (let ((key (gensym "KEY")) (clauses (%exhaustive-case-clauses clauses)))
    `(let ((,key ,keyform))
       (cond ,@(mapcar #'(lambda (c) `(,(%case-test key (car c)) nil ,@(cdr c))) clauses)
             (t (error 'type-error :datum ,key :expected-type '(member ,@(%all-keys clauses))))))))

(defmacro ccase (keyplace &rest clauses)
  (let ((again (gensym "AGAIN")) (block (gensym "CCASE"))
        (clauses (%exhaustive-case-clauses clauses)))
    `(block ,block
       (tagbody
          ,again
          (return-from ,block
            (case ,keyplace
              ,@clauses
              (otherwise
               (setf ,keyplace (%case-store-value ,keyplace '(member ,@(%all-keys clauses)) ',keyplace))
               (go ,again))))))))

(defmacro typecase (keyform &rest clauses)
  (let ((key (gensym "KEY")))
    `(let ((,key ,keyform))
       (declare (ignorable ,key))
       (cond ,@(mapcar #'(lambda (c)
                           (if (member (car c) '(t otherwise))
                               `(t nil ,@(cdr c))
                               `((typep ,key ',(car c)) nil ,@(cdr c))))
                       clauses)))))

(defmacro etypecase (keyform &rest clauses)
  (let ((key (gensym "KEY")))
    `(let ((,key ,keyform))
       (cond ,@(mapcar #'(lambda (c) `((typep ,key ',(car c)) nil ,@(cdr c))) clauses)
             (t (error 'type-error :datum ,key :expected-type '(or ,@(mapcar #'car clauses))))))))

(defmacro ctypecase (keyplace &rest clauses)
  (let ((again (gensym "AGAIN")) (block (gensym "CTYPECASE")))
    `(block ,block
       (tagbody
          ,again
          (return-from ,block
            (typecase ,keyplace
              ,@clauses
              (otherwise
               (setf ,keyplace (%case-store-value ,keyplace '(or ,@(mapcar #'car clauses)) ',keyplace))
               (go ,again))))))))

;;; Definitions.

(defmacro declaim (&rest specs)
  `(progn ,@(mapcar #'(lambda (s) `(proclaim ',s)) specs) nil))

(defmacro define-symbol-macro (name expansion)
  `(progn (%define-symbol-macro ',name ',expansion) ',name))

(defun %compiler-macro-lambda-list (lambda-list)
  ;; Splits a compiler macro's lambda list (CLHS DEFINE-COMPILER-MACRO: a
  ;; macro lambda list) into its &WHOLE variable, its &ENVIRONMENT variable
  ;; (each NIL when absent) and the destructuring lambda list of the
  ;; arguments.
  (let ((whole nil) (env nil) (args '()) (ll lambda-list))
    (when (and (consp ll) (eq (car ll) '&whole))
      (unless (consp (cdr ll))
        (error 'simple-program-error :format-control "&WHOLE without a variable in ~S"
                                     :format-arguments (list lambda-list)))
      (setq whole (cadr ll) ll (cddr ll)))
    (do () ((atom ll))
      (cond ((eq (car ll) '&environment)
             (when (or env (atom (cdr ll)))
               (error 'simple-program-error :format-control "misplaced &ENVIRONMENT in ~S"
                                            :format-arguments (list lambda-list)))
             (setq env (cadr ll) ll (cddr ll)))
            (t (push (car ll) args) (setq ll (cdr ll)))))
    (do () ((null args)) (setq ll (cons (car args) ll) args (cdr args)))
    (values whole env ll)))

(defun %compiler-macro-body (body)
  ;; The declarations, the forms and the documentation string (or NIL) of a
  ;; compiler macro's body.
  (let ((decls '()) (doc nil))
    (do () ((not (and (consp body)
                      (or (and (consp (car body)) (eq (caar body) 'declare))
                          (and (stringp (car body)) (not doc) (consp (cdr body)))))))
      (if (stringp (car body)) (setq doc (car body)) (push (car body) decls))
      (setq body (cdr body)))
    (values (reverse decls) body doc)))

;;; A compiler macro function takes the whole call form, (NAME . ARGS) or
;;; (FUNCALL #'NAME . ARGS) (CLHS 3.2.2.1.1), and the environment. &WHOLE
;;; and &ENVIRONMENT bind those two; the rest of the lambda list
;;; destructures ARGS. The body's declarations go with ARGS; its IGNORE and
;;; IGNORABLE declarations also make the &WHOLE and &ENVIRONMENT variables
;;; ignorable. The body runs in a block named like the function.
(defmacro define-compiler-macro (name lambda-list &body body)
  (multiple-value-bind (whole envvar args) (%compiler-macro-lambda-list lambda-list)
    (multiple-value-bind (decls forms doc) (%compiler-macro-body body)
      (let* ((form (gensym "FORM")) (env (gensym "ENV"))
             (w (or whole (gensym "WHOLE"))) (e (or envvar (gensym "ENV")))
             (ignored (append (if whole nil (list w)) (if envvar nil (list e))))
             (ignorable '()))
        (dolist (d decls)
          (dolist (spec (cdr d))
            (when (and (consp spec) (member (car spec) '(ignore ignorable)))
              (dolist (v (cdr spec)) (when (symbolp v) (push v ignorable))))))
        `(progn
           (%set-compiler-macro ',name
             #'(lambda (,form ,env)
                 (destructuring-bind (,w ,e) (list ,form ,env)
                   ,@(if ignored `((declare (ignore ,@ignored))))
                   ,@(if ignorable `((declare (ignorable ,@ignorable))))
                   (destructuring-bind ,args
                       (if (eq (car ,form) 'funcall) (cddr ,form) (cdr ,form))
                     ,@decls
                     (block ,(if (consp name) (cadr name) name) ,@forms)))))
           ,@(if doc `((%set-documentation ',name 'compiler-macro ,doc)))
           ',name)))))

(defun (setf macro-function) (new-function symbol &optional environment)
  (declare (ignore environment))
  (%set-macro-function symbol new-function))

(defun (setf compiler-macro-function) (new-function name &optional environment)
  (declare (ignore environment))
  (%set-compiler-macro name new-function))

(defmacro in-package (name)
  `(setq *package* (%find-package-or-die ',name)))

(defmacro with-output-to-string ((var &optional string &key (element-type ''character)) &body body)
  ;; The body's declarations go to the stream variable's binding; the
  ;; ELEMENT-TYPE form is evaluated (outside their scope) whether or not a
  ;; string is given.
  (multiple-value-bind (decls forms) (%parse-decls body)
    (if string
        (let ((g (gensym "ELEMENT-TYPE")))
          `(let* ((,g ,element-type)
                  (,var (%make-fill-pointer-output-stream ,string)))
             (declare (ignore ,g) (ignorable ,var))
             ,@decls
             ,@forms))
        (let ((g (gensym "ELEMENT-TYPE")))
          `(let ((,g ,element-type))
             (let ((,var (make-string-output-stream :element-type ,g)))
               ,@decls
               ,@forms
               (%string-of-element-type (get-output-stream-string ,var) ,g)))))))

(defun %string-of-element-type (string element-type)
  ;; The string WITH-OUTPUT-TO-STRING returns has the element type given:
  ;; BASE-CHAR gives a base string.
  (if (eq (upgraded-array-element-type element-type) 'base-char)
      (coerce string 'simple-base-string)
      string))

(defmacro with-input-from-string ((var string &key (start 0) end index) &body body)
  (multiple-value-bind (decls forms) (%parse-decls body)
    (if index
        `(let ((,var (make-string-input-stream ,string ,start ,end)))
           ,@decls
           (multiple-value-prog1 (progn ,@forms)
             (setf ,index (%string-input-stream-position ,var))))
        `(let ((,var (make-string-input-stream ,string ,start ,end)))
           (declare (ignorable ,var))
           ,@decls
           ,@forms))))

(defmacro with-open-stream ((var stream) &body body)
  (multiple-value-bind (decls forms) (%parse-decls body)
    `(let ((,var ,stream))
       ,@decls
       (unwind-protect (progn ,@forms) (close ,var)))))

;;; Conditions.

(defmacro handler-case (form &rest clauses)
  (let* ((no-error (find :no-error clauses :key #'car))
         (clauses (remove no-error clauses)))
    (if no-error
        (let ((normal (gensym "NORMAL")) (error-return (gensym "ERROR-RETURN")))
          `(block ,error-return
             (multiple-value-call #'(lambda ,(cadr no-error) ,@(cddr no-error))
               (block ,normal
                 (return-from ,error-return
                   (handler-case (return-from ,normal ,form) ,@clauses))))))
        (let ((block (gensym "HANDLER-CASE")) (cvar (gensym "C"))
              (tags (mapcar #'(lambda (c) (declare (ignore c)) (gensym "CLAUSE")) clauses)))
          `(block ,block
             (let ((,cvar nil))
               (declare (ignorable ,cvar))
               (tagbody
                  (return-from ,block
                    (handler-bind
                        ,(mapcar #'(lambda (c tag)
                                     `(,(car c) #'(lambda (temp) (setq ,cvar temp) (go ,tag))))
                                 clauses tags)
                      ,form))
                  ,@(mapcan #'(lambda (c tag)
                                (list tag
                                      `(return-from ,block
                                         ,(if (cadr c)
                                              `(let ((,(car (cadr c)) ,cvar)) ,@(cddr c))
                                              `(locally ,@(cddr c))))))
                            clauses tags))))))))

(defmacro ignore-errors (&body forms)
  `(handler-case (progn ,@forms)
     (error (c) (values nil c))))

(defmacro restart-case (form &rest clauses &environment env)
  (let ((block (gensym "RESTART-CASE")) (args (gensym "ARGS")))
    (let ((specs (mapcar #'(lambda (c)
                             (let ((name (car c)) (ll (cadr c)) (body (cddr c))
                                   (report nil) (interactive nil) (test nil))
                               (tagbody
                                next
                                  (when (and (cdr body) (member (car body) '(:report :interactive :test)))
                                    (case (car body)
                                      (:report (setq report (cadr body)))
                                      (:interactive (setq interactive (cadr body)))
                                      (:test (setq test (cadr body))))
                                    (setq body (cddr body))
                                    (go next)))
                               (list name ll body report interactive test (gensym "RESTART"))))
                         clauses)))
      `(block ,block
         (let ((,args nil))
           (tagbody
              (return-from ,block
                (restart-bind
                    ,(mapcar #'(lambda (s)
                                 `(,(nth 0 s)
                                   #'(lambda (&rest temp) (setq ,args temp) (go ,(nth 6 s)))
                                   ,@(if (nth 3 s)
                                         `(:report-function
                                           ,(if (stringp (nth 3 s))
                                                `#'(lambda (stream) (write-string ,(nth 3 s) stream))
                                                `#',(nth 3 s))))
                                   ,@(if (nth 4 s) `(:interactive-function #',(nth 4 s)))
                                   ,@(if (nth 5 s) `(:test-function #',(nth 5 s)))))
                             specs)
                  ,(%restart-case-associate form (length specs) env)))
              ,@(mapcan #'(lambda (s)
                            (list (nth 6 s)
                                  `(return-from ,block
                                     (apply #'(lambda ,(nth 1 s) ,@(nth 2 s)) ,args))))
                        specs)))))))

(defmacro with-condition-restarts (condition-form restarts-form &body body)
  (let ((c (gensym "CONDITION")) (rs (gensym "RESTARTS")))
    `(let ((,c ,condition-form) (,rs ,restarts-form))
       (%associate-restarts ,c ,rs)
       (unwind-protect (progn ,@body) (%associate-restarts ,c ,rs t)))))

;; CLHS 9.1.4.2.4: when the form of a RESTART-CASE signals a condition
;; directly (after macroexpansion in ENV), the restarts are associated with
;; that condition.
(defun %restart-case-associate (original n env)
  (let* ((form (macroexpand original env))
         (op (and (consp form) (car form))))
    (cond ((member op '(error signal warn))
           (let ((c (gensym "CONDITION")))
             `(let ((,c (%make-signal-condition ',(case op (error 'simple-error) (warn 'simple-warning) (t 'simple-condition))
                                                ,@(cdr form))))
                (with-condition-restarts ,c (%top-restarts ,n)
                  (,op ,c)))))
          ((eq op 'cerror)
           ;; The arguments also fill in the continue format control.
           (let ((c (gensym "CONDITION")) (a (gensym "ARGS")))
             `(let* ((,a (list ,@(cddr form)))
                     (,c (apply #'%make-signal-condition 'cerror ,a)))
                (with-condition-restarts ,c (%top-restarts ,n)
                  (apply #'cerror ,(cadr form) ,c (cdr ,a))))))
          (t original))))

(defmacro with-simple-restart ((name format-control &rest format-arguments) &body forms)
  `(restart-case (progn ,@forms)
     (,name ()
       :report (lambda (stream) (format stream ,format-control ,@format-arguments))
       (values nil t))))

(defmacro define-condition (name parents slot-specs &rest options)
  (let ((slots nil) (report nil) (default-initargs nil) (doc nil))
    (dolist (spec slot-specs)
      (let* ((spec (if (consp spec) spec (list spec)))
             (sname (car spec)) (initargs nil) (initform nil) (has-initform nil)
             (readers nil) (writers nil) (class-alloc nil))
        (do ((p (cdr spec) (cddr p))) ((null p))
          (case (car p)
            (:initarg (push (cadr p) initargs))
            (:initform (setq initform (cadr p) has-initform t))
            (:reader (push (cadr p) readers))
            (:writer (push (cadr p) writers))
            (:accessor (push (cadr p) readers) (push (list 'setf (cadr p)) writers))
            (:allocation (setq class-alloc (eq (cadr p) :class)))))
        (push `(list ',sname ',(reverse initargs)
                     ,(if has-initform `#'(lambda () ,initform) nil)
                     ',(reverse readers) ',(reverse writers) ,class-alloc)
              slots)))
    (dolist (opt options)
      (case (car opt)
        (:report (let ((r (cadr opt)))
                   (setq report (if (stringp r) r `(function ,r)))))
        (:default-initargs
         (do ((p (cdr opt) (cddr p))) ((null p))
           (push `',(car p) default-initargs)
           (push `#'(lambda () ,(cadr p)) default-initargs)))
        (:documentation (setq doc (cadr opt)))))
    `(progn
       (%define-condition ',name ',parents (list ,@(nreverse slots)) ,report
                          (list ,@(nreverse default-initargs)) ,doc)
       ',name)))

(defmacro check-type (place type &optional type-string)
  `(do () ((typep ,place ',type) nil)
     (setf ,place (%check-type-error ',place ,place ',type ,type-string))))

(defmacro assert (test-form &optional places datum &rest arguments)
  (declare (ignore places))
  `(do () (,test-form nil)
     (%assert-failed ',test-form ,(if datum `(list ,datum ,@arguments) nil))))

;;; Packages.

(defun %defpackage (name options)
  (let ((nicknames nil) (use nil) (use-given nil))
    (dolist (o options)
      (case (car o)
        (:nicknames (setq nicknames (append nicknames (mapcar #'string (cdr o)))))
        (:use (setq use-given t use (append use (cdr o))))))
    (let* ((pkg (find-package name)) (existed pkg))
      ;; Redefining a package keeps its nicknames and adds the new ones, as
      ;; SBCL does.
      (if pkg
          (rename-package pkg name (remove-duplicates (append nicknames (package-nicknames pkg))
                                                      :test #'string= :from-end t))
          (setq pkg (make-package name :use nil :nicknames nicknames)))
      (dolist (o options)
        (when (eq (car o) :shadow)
          (shadow (mapcar #'string (cdr o)) pkg)))
      (dolist (o options)
        (when (eq (car o) :shadowing-import-from)
          (let ((from (cadr o)))
            (dolist (s (cddr o))
              (shadowing-import (%find-existing-symbol (string s) from) pkg)))))
      (when use-given
        (use-package use pkg))
      (dolist (o options)
        (when (eq (car o) :import-from)
          (let ((from (cadr o)))
            (dolist (s (cddr o))
              (import (%find-existing-symbol (string s) from) pkg)))))
      (dolist (o options)
        (when (eq (car o) :intern)
          (dolist (s (cdr o)) (intern (string s) pkg))))
      (dolist (o options)
        (when (eq (car o) :export)
          (export (mapcar #'(lambda (s) (intern (string s) pkg)) (cdr o)) pkg)))
      (when existed
        ;; SBCL's variance warning: the old exports stay.
        (let ((listed (loop for o in options when (eq (car o) :export) append (mapcar #'string (cdr o))))
              (extra nil))
          (dolist (s (%package-symbols pkg t))
            (unless (member (symbol-name s) listed :test #'string=) (push s extra)))
          (when extra
            (warn "~A also exports the following symbols: ~S"
                  name (sort extra #'string< :key #'symbol-name)))))
      (setf (documentation pkg t) (second (assoc :documentation options)))
      pkg)))

(defun %find-existing-symbol (name from)
  ;; A name not accessible in FROM is a correctable error (CLHS DEFPACKAGE):
  ;; CONTINUE interns it there, as in SBCL.
  (multiple-value-bind (sym status) (find-symbol name from)
    (if status
        sym
        (restart-case
            (error 'simple-package-error :package (find-package from)
                   :format-control "no symbol named ~S in ~S"
                   :format-arguments (list name (package-name (find-package from))))
          (continue ()
            :report "INTERN it."
            (values (intern name from)))))))

(defun %defpackage-check-options (options)
  ;; The checks CLHS DEFPACKAGE asks for, made when the form is expanded
  ;; (with SBCL's messages): :SIZE and :DOCUMENTATION at most once, and the
  ;; names given to :SHADOW, :SHADOWING-IMPORT-FROM, :IMPORT-FROM and
  ;; :INTERN, and to :INTERN and :EXPORT, disjoint.
  (let ((once nil))
    (dolist (o options)
      (when (and (consp o) (member (car o) '(:size :documentation)))
        (when (member (car o) once)
          (error 'simple-program-error :format-control "can't specify ~S more than once."
                                       :format-arguments (list (car o))))
        (push (car o) once))))
  (flet ((names (kind)
           (let ((out nil))
             (dolist (o options out)
               (when (and (consp o) (eq (car o) kind))
                 (setq out (append out (mapcar #'string (if (member kind '(:import-from :shadowing-import-from))
                                                            (cddr o)
                                                            (cdr o))))))))))
    (dolist (pair '((:intern :shadow) (:intern :shadowing-import-from) (:intern :import-from)
                    (:intern :export) (:import-from :shadow) (:shadowing-import-from :shadow)
                    (:import-from :shadowing-import-from)))
      (let ((common (intersection (names (first pair)) (names (second pair)) :test #'string=)))
        (when common
          (error 'simple-program-error
                 :format-control "Parameters ~S and ~S must be disjoint but have common elements ~%   ~S"
                 :format-arguments (list (first pair) (second pair) common)))))))

(defmacro defpackage (name &rest options)
  (%defpackage-check-options options)
  `(eval-when (:compile-toplevel :load-toplevel :execute)
     (%defpackage ,(string name) ',options)))

(defmacro do-symbols ((var &optional (package '*package*) result) &body body)
  `(dolist (,var (%package-symbols ,package nil) (let ((,var nil)) (declare (ignorable ,var)) ,result)) ,@body))

(defmacro do-external-symbols ((var &optional (package '*package*) result) &body body)
  `(dolist (,var (%package-symbols ,package t) (let ((,var nil)) (declare (ignorable ,var)) ,result)) ,@body))

(defmacro do-all-symbols ((var &optional result) &body body)
  ;; One DOLIST over the symbols of every package, so that RETURN in the
  ;; body or the result form leaves the whole loop and the body's
  ;; declarations cover the result form too.
  (let ((syms (gensym "SYMS")) (p (gensym "P")))
    `(let ((,syms nil))
       (dolist (,p (list-all-packages))
         (setq ,syms (append (%package-symbols ,p nil) ,syms)))
       (dolist (,var ,syms ,result) ,@body))))

(defmacro with-hash-table-iterator ((name hash-table) &body body)
  (let ((it (gensym "ITER")))
    `(let ((,it (hash-table-iterator ,hash-table)))
       (macrolet ((,name () '(funcall ,it)))
         ,@body))))

;;; Environment odds and ends.

(defmacro with-compilation-unit ((&rest options) &body body)
  (declare (ignore options))
  `(progn ,@body))

(defmacro step (form) form)

(defmacro with-package-iterator ((name package-list &rest symbol-types) &body body)
  (unless symbol-types
    (error 'simple-program-error
           :format-control "At least one of :INTERNAL, :EXTERNAL, or :INHERITED must be supplied."))
  (dolist (type symbol-types)
    (unless (member type '(:internal :external :inherited))
      (error 'simple-program-error
             :format-control "~S is not one of :INTERNAL, :EXTERNAL, or :INHERITED."
             :format-arguments (list type))))
  (let ((it (gensym "ITER")))
    `(let ((,it (%package-iterator ,package-list ',symbol-types)))
       (macrolet ((,name () '(funcall ,it)))
         ,@body))))

(defun provide (module-name)
  (pushnew (string module-name) *modules* :test #'string=)
  t)

;;; REQUIRE asks each of *MODULE-PROVIDER-FUNCTIONS* in turn (ASDF's loads
;;; a system of that name) and, as SBCL does, returns the modules it added.
(defvar *module-provider-functions* nil)
(export '*module-provider-functions*)

(defun require (module-name &optional pathnames)
  (let ((name (string module-name))
        (before (copy-list *modules*)))
    (unless (member name *modules* :test #'string=)
      (cond (pathnames
             (dolist (p (if (listp pathnames) pathnames (list pathnames))) (load p)))
            ((dolist (f *module-provider-functions*)
               (when (funcall f module-name) (return t))))
            (t (error "Don't know how to REQUIRE ~A." name))))
    (loop for m in *modules* unless (member m before :test #'string=) collect m)))

;;; Method combination helpers outside DEFINE-METHOD-COMBINATION.

(defun invalid-method-error (method format-control &rest args)
  (error "Invalid method ~S: ~?" method format-control args))

(defun method-combination-error (format-control &rest args)
  (error "Method combination error: ~?" format-control args))

(defmacro call-method (&rest args)
  (declare (ignore args))
  (error "CALL-METHOD is only meaningful in the effective method of a DEFINE-METHOD-COMBINATION."))

(defmacro make-method (&rest args)
  (declare (ignore args))
  (error "MAKE-METHOD is only meaningful in the effective method of a DEFINE-METHOD-COMBINATION."))

;;; MAKE-LOAD-FORM-SAVING-SLOTS (the generic function MAKE-LOAD-FORM is
;;; clos/system.go's).

(defun make-load-form-saving-slots (object &key slot-names environment)
  (declare (ignore environment))
  (let* ((class (class-of object))
         (names (or slot-names
                    (mapcar #'golem-mop:slot-definition-name (golem-mop:class-slots class)))))
    (values `(allocate-instance (find-class ',(class-name class)))
            `(progn
               ,@(mapcan (lambda (n)
                           (when (slot-boundp object n)
                             (list `(setf (slot-value ,object ',n) ',(slot-value object n)))))
                         names)))))
