;; Hash-table word count over a generated text with an EQUAL table.
(let ((words #("alpha" "beta" "gamma" "delta" "epsilon" "zeta" "eta" "theta" "iota" "kappa"))
      (h (make-hash-table :test 'equal)))
  (dotimes (i 200000)
    (let ((w (concatenate 'string (aref words (mod (* i 7) 10)) (aref words (mod i 3)))))
      (incf (gethash w h 0))))
  (let ((sum 0))
    (maphash (lambda (k v) (setq sum (+ sum (* v (length k))))) h)
    (format t "wordcount ~a ~a~%" (hash-table-count h) sum)))
