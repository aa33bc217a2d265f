;; FREAD: reads back with READ the tree FPRINT prints (from a string: the
;; benchmark programs run where files may be out of reach).
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
(defparameter *text*
  (with-output-to-string (s) (let ((*print-pretty* nil)) (print (make-tree 6 4 1) s))))
(defun leaves (x)
  (cond ((null x) 0) ((consp x) (+ (leaves (car x)) (leaves (cdr x)))) ((numberp x) x) (t 1)))
(let ((total 0))
  (dotimes (i 200)
    (with-input-from-string (s *text*)
      (setq total (+ total (leaves (read s))))))
  (format t "fread ~a~%" total))
