;; FPRINT: prints a tree of long-named symbols, numbers and strings with
;; PRINT (to a string stream: the benchmark programs run where files may be
;; out of reach), without the pretty printer.
(defparameter *words* '(abcdefghijklmnop qrstuvwxyz-and-more lisp-benchmarks-are-fun
                        a-rather-long-symbol-name-indeed x y zz))
(defun make-tree (depth breadth seed)
  (if (= depth 0)
      (let ((k (mod seed 9)))
        (cond ((< k 7) (nth k *words*))
              ((= k 7) (* seed 31))
              (t (format nil "s~d" seed))))
      (let ((l '()))
        (dotimes (i breadth l)
          (push (make-tree (1- depth) breadth (+ (* seed 3) i)) l)))))
(defparameter *tree* (make-tree 6 4 1))
(let ((total 0))
  (dotimes (i 200)
    (let ((text (with-output-to-string (s)
                  (let ((*print-pretty* nil)) (print *tree* s)))))
      (setq total (+ total (length text)))))
  (format t "fprint ~a~%" total))
