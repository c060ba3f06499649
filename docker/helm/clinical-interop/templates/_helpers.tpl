{{/*
Short chart name (overridable with nameOverride).
*/}}
{{- define "clinical-interop.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Base name for all resources: fullnameOverride, else "<release>-<chart>",
collapsed to the release name when it already contains the chart name.
Limited to 50 characters so that component suffixes ("-worker",
"-migrate") still fit in 63.
*/}}
{{- define "clinical-interop.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
Name of a component's resources. Call with (dict "ctx" $ "component" "api").
*/}}
{{- define "clinical-interop.componentName" -}}
{{- printf "%s-%s" (include "clinical-interop.fullname" .ctx) .component | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "clinical-interop.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Selector labels (immutable on Deployments: keep them stable).
*/}}
{{- define "clinical-interop.selectorLabels" -}}
app.kubernetes.io/name: {{ include "clinical-interop.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/*
Common labels for every resource.
*/}}
{{- define "clinical-interop.labels" -}}
helm.sh/chart: {{ include "clinical-interop.chart" . }}
{{ include "clinical-interop.selectorLabels" . }}
app.kubernetes.io/version: {{ .Values.image.tag | default .Chart.AppVersion | toString | trunc 63 | trimSuffix "-" | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: {{ include "clinical-interop.name" . }}
{{- end -}}

{{/*
Component selector labels. Call with (dict "ctx" $ "component" "api").
*/}}
{{- define "clinical-interop.componentSelectorLabels" -}}
{{ include "clinical-interop.selectorLabels" .ctx }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/*
Component labels. Call with (dict "ctx" $ "component" "api").
*/}}
{{- define "clinical-interop.componentLabels" -}}
{{ include "clinical-interop.labels" .ctx }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/*
Container image reference.
*/}}
{{- define "clinical-interop.image" -}}
{{- if .Values.image.digest -}}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository (.Values.image.tag | default .Chart.AppVersion | toString) -}}
{{- end -}}
{{- end -}}

{{/*
Name of the Secret read by the API and worker.
*/}}
{{- define "clinical-interop.secretName" -}}
{{- if .Values.secrets.existingSecret -}}
{{- .Values.secrets.existingSecret -}}
{{- else -}}
{{- include "clinical-interop.fullname" . -}}
{{- end -}}
{{- end -}}

{{/*
ConfigMap data (shared by the release ConfigMap and the migration hook copy).
*/}}
{{- define "clinical-interop.configData" -}}
{{- $data := dict -}}
{{- range $key, $value := .Values.config -}}
{{- if or (eq $key "PORT") (eq $key "RUN_MIGRATIONS") -}}
{{- fail (printf "config.%s is set per workload by the chart; remove it from .Values.config" $key) -}}
{{- end -}}
{{- $_ := set $data $key (toString $value) -}}
{{- end -}}
{{- toYaml $data -}}
{{- end -}}

{{/*
Secret data (shared by the release Secret and the migration hook copy).
Validates the values the app refuses to start without. The format checks
only run on non-empty values so that `helm lint` (where `required` only
warns) reports the missing values instead of a misleading format error.
*/}}
{{- define "clinical-interop.secretData" -}}
{{- $s := .Values.secrets -}}
{{- $jwt := required "secrets.jwtSecret is required (or set secrets.existingSecret)" $s.jwtSecret | toString -}}
{{- if and $jwt (lt (len $jwt) 32) -}}
{{- fail "secrets.jwtSecret must be at least 32 characters long" -}}
{{- end -}}
{{- $key := required "secrets.encryptionKey is required: base64 of 32 random bytes, e.g. `openssl rand -base64 32` (or set secrets.existingSecret)" $s.encryptionKey | toString -}}
{{- if and $key (ne (len (b64dec $key)) 32) -}}
{{- fail "secrets.encryptionKey must be the base64 encoding of exactly 32 bytes" -}}
{{- end -}}
{{- $db := required "secrets.databaseUrl is required, e.g. postgres://user:pass@host:5432/db (or set secrets.existingSecret)" $s.databaseUrl | toString -}}
{{- if and $db (not (or (hasPrefix "postgres://" $db) (hasPrefix "postgresql://" $db))) -}}
{{- fail "secrets.databaseUrl must start with postgres:// or postgresql://" -}}
{{- end -}}
{{- $redis := required "secrets.redisUrl is required, e.g. redis://host:6379 (or set secrets.existingSecret)" $s.redisUrl | toString -}}
JWT_SECRET: {{ $jwt | b64enc | quote }}
ENCRYPTION_KEY: {{ $key | b64enc | quote }}
DATABASE_URL: {{ $db | b64enc | quote }}
REDIS_URL: {{ $redis | b64enc | quote }}
{{- end -}}

{{/*
envFrom shared by all app containers. Call with (dict "ctx" $ "configMap" NAME "secret" NAME).
*/}}
{{- define "clinical-interop.envFrom" -}}
- configMapRef:
    name: {{ .configMap }}
- secretRef:
    name: {{ .secret }}
{{- end -}}

{{/*
Pod-level fields shared by all pods.
*/}}
{{- define "clinical-interop.podCommon" -}}
{{ with .Values.imagePullSecrets -}}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{ end -}}
{{ with .Values.serviceAccountName -}}
serviceAccountName: {{ . }}
{{ end -}}
automountServiceAccountToken: false
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- end -}}

{{/*
Writable scratch volumes (the root filesystem is read-only by default).
*/}}
{{- define "clinical-interop.volumes" -}}
- name: tmp
  emptyDir: {}
- name: data
  emptyDir: {}
{{- end -}}

{{- define "clinical-interop.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
- name: data
  mountPath: {{ .Values.config.DATA_DIR | default "/app/data" }}
{{- end -}}
